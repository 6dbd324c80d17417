import type { CSSProperties } from 'react';
import { Button } from 'antd-mobile';
import { LeftOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, pageCount, pageItems } from './pagination-pages';

export interface PaginationProps {
  /** 1-based page being shown. */
  current: number;
  /** Number of items in the whole list (the `count` of a list answer), not the number of pages. */
  total: number;
  pageSize?: number;
  onChange: (page: number) => void;
  className?: string;
  style?: CSSProperties;
}

const navStyle: CSSProperties = {
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  gap: 4,
  padding: '12px 8px',
  flexWrap: 'nowrap',
};

// 34 px squares: nine of them plus gaps fit a 375 px screen and stay above the 24 px touch-target minimum.
const cellStyle: CSSProperties = {
  minWidth: 34,
  height: 34,
  padding: '0 4px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: 14,
};

const ellipsisStyle: CSSProperties = { ...cellStyle, color: 'var(--adm-color-weak)' };

/** Page numbers with previous/next; renders nothing when everything fits on one page. */
export function Pagination({
  current,
  total,
  pageSize = DEFAULT_PAGE_SIZE,
  onChange,
  className,
  style,
}: PaginationProps) {
  const { t } = useTranslation('components');
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  const page = Math.min(Math.max(1, current), pages);

  const go = (target: number) => {
    if (target !== page && target >= 1 && target <= pages) onChange(target);
  };

  return (
    <nav aria-label={t('pagination')} className={className} style={{ ...navStyle, ...style }}>
      <Button
        size="small"
        fill="none"
        style={cellStyle}
        aria-label={t('prevPage')}
        disabled={page <= 1}
        onClick={() => go(page - 1)}
      >
        <LeftOutline />
      </Button>
      {pageItems(page, pages).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            size="small"
            color={item === page ? 'primary' : 'default'}
            fill={item === page ? 'solid' : 'outline'}
            style={cellStyle}
            aria-label={t('pageN', { page: item })}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => go(item)}
          >
            {item}
          </Button>
        ) : (
          <span key={item} style={ellipsisStyle} aria-hidden="true">
            …
          </span>
        ),
      )}
      <Button
        size="small"
        fill="none"
        style={cellStyle}
        aria-label={t('nextPage')}
        disabled={page >= pages}
        onClick={() => go(page + 1)}
      >
        <RightOutline />
      </Button>
    </nav>
  );
}
