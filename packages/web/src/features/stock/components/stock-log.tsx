import {
  STOCK_OPER_TYPE_LABELS,
  STOCK_OPER_TYPES,
  STOCK_TYPE_LABELS,
  STOCK_TYPES,
} from '@vendo/contract/enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { FilterPicker } from '../../../components/filter-picker/filter-picker';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { currentLocale } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/format';
import { useStockLog, type StockLogFilter } from '../api/get-stock-log';
import { STOCK_PAGE_SIZE } from '../utils/paging';
import { stockDirection } from '../utils/stock-access';
import { GoodsCell } from './goods-cell';

const ALL = 'all';

/** The stock log (spec §3): every change, by level and operation, with who, when and why. */
export function StockLog() {
  const { t } = useTranslation('stock');
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<StockLogFilter>({ stockType: null, operType: null });
  const log = useStockLog({ page, filter });
  const list = log.data?.data ?? [];
  const typeOptions = [
    { value: ALL, label: t('log.allLevels') },
    ...STOCK_TYPES.map((v) => ({ value: String(v), label: STOCK_TYPE_LABELS[v][locale] })),
  ];
  const operOptions = [
    { value: ALL, label: t('log.allOperations') },
    ...STOCK_OPER_TYPES.map((v) => ({ value: String(v), label: STOCK_OPER_TYPE_LABELS[v][locale] })),
  ];

  return (
    <section className="stock-list" aria-label={t('log.label')}>
      <div className="filter-row filter-row-start">
        <FilterPicker
          label={t('log.level')}
          options={typeOptions}
          value={filter.stockType === null ? ALL : String(filter.stockType)}
          active={filter.stockType !== null}
          onChange={(value) => {
            setFilter((f) => ({ ...f, stockType: STOCK_TYPES.find((v) => String(v) === value) ?? null }));
            setPage(1);
          }}
        />
        <FilterPicker
          label={t('log.operation')}
          options={operOptions}
          value={filter.operType === null ? ALL : String(filter.operType)}
          active={filter.operType !== null}
          onChange={(value) => {
            setFilter((f) => ({ ...f, operType: STOCK_OPER_TYPES.find((v) => String(v) === value) ?? null }));
            setPage(1);
          }}
        />
      </div>
      <ListState
        pending={log.isPending}
        failed={log.isError && !log.data}
        error={log.error}
        onRetry={() => void log.refetch()}
        empty={list.length === 0}
        emptyGuide={<EmptyGuide description={t('log.empty')} />}
      >
        <ul className="card-list">
          {list.map((record) => {
            const sign = stockDirection(record.oper_type) > 0 ? '+' : '−';
            const place =
              record.stock_type === 0
                ? t('level.total')
                : [record.store?.store_name, record.sn ? `${record.sn} #${record.channel_sn}` : '']
                    .filter(Boolean)
                    .join(' · ');
            return (
              <li key={record._id} className="card entity-card log-card">
                <div className="entry-row">
                  <GoodsCell
                    goods={record.goods_detail}
                    size={40}
                    sub={`${STOCK_OPER_TYPE_LABELS[record.oper_type][locale]} · ${STOCK_TYPE_LABELS[record.stock_type][locale]}`}
                  />
                  <div className="entry-figure">
                    <strong data-sign={sign === '+' ? 'in' : 'out'}>
                      {sign}
                      {record.inventory}
                    </strong>
                    <span className="muted">{t('log.balance', { count: record.balance })}</span>
                  </div>
                </div>
                <p className="entity-remarks">
                  {[
                    place,
                    record.oper_user
                      ? record.oper_user.nickname || record.oper_user.username
                      : record.order_no
                        ? t('log.order', { no: record.order_no })
                        : '',
                    formatDateTime(record.create_at),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {record.remarks ? <p className="entity-remarks">{record.remarks}</p> : null}
              </li>
            );
          })}
        </ul>
        <Pagination
          current={page}
          total={log.data?.count ?? 0}
          pageSize={STOCK_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
    </section>
  );
}
