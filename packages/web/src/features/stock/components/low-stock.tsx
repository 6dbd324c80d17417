import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { useLowStock } from '../api/get-low-stock';
import { STOCK_PAGE_SIZE } from '../utils/paging';
import { fillPercent } from '../utils/stock-access';
import { GoodsCell } from './goods-cell';

/** Shelves at or below their machine's stock_notify_threshold, emptiest first (they feed notifications later). */
export function LowStock() {
  const { t } = useTranslation('stock');
  const [page, setPage] = useState(1);
  const low = useLowStock({ page });
  const list = low.data?.data ?? [];
  return (
    <section className="stock-list" aria-label={t('low.label')}>
      <ListState
        pending={low.isPending}
        failed={low.isError && !low.data}
        error={low.error}
        onRetry={() => void low.refetch()}
        empty={list.length === 0}
        emptyGuide={<EmptyGuide description={t('low.empty')} />}
      >
        <ul className="card-list">
          {list.map((shelf) => (
            <li key={`${shelf.sn}-${shelf.channel_id}`} className="card entity-card">
              <div className="entity-head">
                <h3 className="entity-title">
                  {shelf.title || t('untitled')} <span className="muted">{shelf.sn}</span>
                </h3>
                <span className="badge badge-warn">{t('low.shelf', { shelf: shelf.channel_sn })}</span>
              </div>
              <p className="muted low-place">
                {[shelf.area?.area_name, shelf.store?.store_name].filter(Boolean).join(' · ') ||
                  t('low.noStore')}
              </p>
              <div className="entry-row">
                {shelf.goods_detail ? (
                  <GoodsCell goods={shelf.goods_detail} size={40} />
                ) : (
                  <span className="muted">{t('stores.emptyShelf')}</span>
                )}
                <span className="shelf-fill">
                  <span className="fill-bar" aria-hidden="true">
                    <span style={{ width: `${fillPercent(shelf.quantity, shelf.capacity)}%` }} />
                  </span>
                  <span>
                    {shelf.quantity}/{shelf.capacity}
                  </span>
                </span>
              </div>
              <p className="entity-remarks">
                {t('stores.threshold', { count: shelf.stock_notify_threshold })}
              </p>
            </li>
          ))}
        </ul>
        <Pagination
          current={page}
          total={low.data?.count ?? 0}
          pageSize={STOCK_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
    </section>
  );
}
