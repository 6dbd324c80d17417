import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface RankingItem {
  key: string;
  name: string;
  /** A second line: where it is, what it is. */
  meta?: string;
  /** A picture before the name (goods). */
  image?: ReactNode;
  /** The figure it is ranked by, and its bar's length against the first. */
  value: string;
  weight: number;
  /** The figure underneath (units sold, successful orders). */
  detail: string;
  /** Its detail screen, when the viewer may open it. */
  to?: string;
}

/** Medals for the first three: a ranking reads at a glance on a phone. */
function RankBadge({ rank }: { rank: number }) {
  return (
    <span className="an-rank" data-top={rank <= 3 ? rank : undefined}>
      {rank}
    </span>
  );
}

/** A Top-N list (spec §9: Top 6 stores and machines, Top 10 goods) with a bar per row against the first. */
export function RankingList({ items, label }: { items: readonly RankingItem[]; label: string }) {
  const top = Math.max(1, ...items.map((item) => item.weight));
  return (
    <ol className="an-ranking" aria-label={label}>
      {items.map((item, index) => {
        const body = (
          <>
            <RankBadge rank={index + 1} />
            {item.image}
            <span className="an-rank-main">
              <span className="an-rank-name">{item.name}</span>
              {item.meta ? <span className="an-rank-meta">{item.meta}</span> : null}
              <span className="an-rank-bar" aria-hidden="true">
                <span style={{ width: `${Math.max(0, (item.weight / top) * 100)}%` }} />
              </span>
            </span>
            <span className="an-rank-figures">
              <strong>{item.value}</strong>
              <span>{item.detail}</span>
            </span>
          </>
        );
        return (
          <li key={item.key}>
            {item.to ? (
              <Link className="an-rank-row" to={item.to}>
                {body}
              </Link>
            ) : (
              <div className="an-rank-row">{body}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
