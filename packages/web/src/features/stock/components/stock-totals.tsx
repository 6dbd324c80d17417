import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { useStockTotals } from '../api/get-stock-totals';
import { STOCK_PAGE_SIZE } from '../utils/paging';
import { GoodsCell } from './goods-cell';

/** The stock card of each goods item: warehouse, stores, machines and the sum. */
export function StockTotals() {
  const { t } = useTranslation('stock');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const totals = useStockTotals({ page, name });
  const list = totals.data?.data ?? [];
  return (
    <section className="stock-list" aria-label={t('totals.label')}>
      <ListSearch
        placeholder={t('searchGoods')}
        onSearch={(term) => {
          setName(term);
          setPage(1);
        }}
      />
      <ListState
        pending={totals.isPending}
        failed={totals.isError && !totals.data}
        error={totals.error}
        onRetry={() => void totals.refetch()}
        empty={list.length === 0}
        emptyGuide={
          <EmptyGuide
            description={name ? t('noMatch') : t('totals.empty')}
            actionText={name ? undefined : t('totals.toGoods')}
            onAction={name ? undefined : () => void navigate('/goodsManage')}
          />
        }
      >
        <ul className="card-list">
          {list.map((row) => (
            <li key={row.goods_detail.goods_id} className="card entity-card">
              <GoodsCell goods={row.goods_detail} sub={t('totals.inventory', { count: row.inventory })} />
              <dl className="figures">
                <div>
                  <dt>{t('level.total')}</dt>
                  <dd>{row.total_stock}</dd>
                </div>
                <div>
                  <dt>{t('level.store')}</dt>
                  <dd>{row.store_stock}</dd>
                </div>
                <div>
                  <dt>{t('level.device')}</dt>
                  <dd>{row.device_stock}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
        <Pagination
          current={page}
          total={totals.data?.count ?? 0}
          pageSize={STOCK_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
    </section>
  );
}
