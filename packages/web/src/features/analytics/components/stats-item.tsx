import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface StatsItemProps {
  title: string;
  badge?: string;
  /** Lines under the title: where it is, what it is. */
  meta?: readonly (string | null | undefined)[];
  to: string;
  children: ReactNode;
}

/** A card of a statistics list (an area, a store, a machine), opening its detail when tapped. */
export function StatsItem({ title, badge, meta = [], to, children }: StatsItemProps) {
  const lines = meta.filter((line): line is string => Boolean(line));
  return (
    <li>
      <Link className="card an-item" to={to}>
        <span className="an-item-head">
          <span className="an-item-title">{title}</span>
          {badge ? <span className="badge">{badge}</span> : null}
          <RightOutline className="an-item-chevron" aria-hidden="true" />
        </span>
        {lines.map((line) => (
          <span key={line} className="an-item-meta">
            {line}
          </span>
        ))}
        {children}
      </Link>
    </li>
  );
}
