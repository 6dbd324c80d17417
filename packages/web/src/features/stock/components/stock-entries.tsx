import type { StockEntry } from '@vendo/contract/api/stock';
import { AddOutline, DeleteOutline, MinusOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardActions } from '../../../components/card-actions/card-actions';
import { confirmDelete } from '../../../components/dialog/confirm';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ChoiceField } from '../../../components/form/choice-field';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { formatDateTime } from '../../../lib/format';
import { lazyComponent } from '../../../lib/lazy-component';
import { managesAllStores } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { useDeleteStock } from '../api/delete-stock';
import { useStockEntries, type EntryLevel } from '../api/get-stock';
import { STOCK_PAGE_SIZE } from '../utils/paging';
import { GoodsCell } from './goods-cell';
import type { StockFormChoice } from './stock-forms';

// The forms load when first opened: most visits only look at the list.
const StockFormSheet = lazyComponent(() => import('./stock-forms').then((m) => m.StockFormSheet));

type Editing = StockFormChoice & { open: boolean };

/** The stock entries kept by hand (warehouse and stores): add stock, add to, take from, delete. */
export function StockEntries() {
  const { t } = useTranslation('stock');
  const [page, setPage] = useState(1);
  const [level, setLevel] = useState<EntryLevel>('all');
  // Staff limited to listed stores hold no warehouse stock: every entry of theirs is a store's, nothing to filter.
  const allStores = managesAllStores(useUserInfo());
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const entries = useStockEntries({ page, level, name });
  const remove = useDeleteStock();
  const list = entries.data?.data ?? [];
  const close = () => setEditing((e) => (e ? { ...e, open: false } : e));

  const deleteEntry = async (entry: StockEntry) => {
    const deleted = await confirmDelete({
      title: t('entries.deleteTitle'),
      content: t('entries.deleteText', {
        name: entry.goods_detail.goods_name,
        place: entry.store ? entry.store.store_name : t('level.total'),
        count: entry.inventory,
      }),
      remove: () => remove.mutateAsync(entry._id),
      failedTitle: t('entries.deleteFailed'),
    });
    if (deleted && list.length === 1 && page > 1) setPage(page - 1);
  };

  return (
    <section className="stock-list" aria-label={t('entries.label')}>
      <ListSearch
        placeholder={t('searchGoods')}
        onSearch={(term) => {
          setName(term);
          setPage(1);
        }}
        add={{ label: t('entries.add'), onClick: () => setEditing({ kind: 'add', open: true }) }}
      />
      {allStores ? (
        <ChoiceField<EntryLevel>
          label={t('entries.place')}
          value={level}
          options={[
            { value: 'all', label: t('entries.all') },
            { value: 'total', label: t('level.total') },
            { value: 'store', label: t('level.store') },
          ]}
          onChange={(picked) => {
            if (picked) {
              setLevel(picked);
              setPage(1);
            }
          }}
        />
      ) : null}
      <ListState
        pending={entries.isPending}
        failed={entries.isError && !entries.data}
        error={entries.error}
        onRetry={() => void entries.refetch()}
        empty={list.length === 0}
        emptyGuide={
          <EmptyGuide
            description={name || level !== 'all' ? t('noMatch') : t('entries.empty')}
            actionText={t('entries.add')}
            onAction={() => setEditing({ kind: 'add', open: true })}
          />
        }
      >
        <ul className="card-list">
          {list.map((entry) => (
            <li key={entry._id} className="card entity-card">
              <div className="entry-row">
                <GoodsCell
                  goods={entry.goods_detail}
                  sub={
                    entry.store
                      ? `${entry.store.store_name}${entry.area ? ` · ${entry.area.area_name}` : ''}`
                      : t('level.total')
                  }
                />
                <div className="entry-figure">
                  <strong>{entry.inventory}</strong>
                  <span className="muted">{t('entries.inStock')}</span>
                </div>
              </div>
              <p className="entity-remarks">{t('updatedAt', { time: formatDateTime(entry.update_time) })}</p>
              <CardActions
                label={t('actionsFor', { name: entry.goods_detail.goods_name })}
                actions={[
                  {
                    key: 'delete',
                    label: t('delete'),
                    icon: <DeleteOutline />,
                    tone: 'danger',
                    onClick: () => void deleteEntry(entry),
                  },
                  {
                    key: 'take',
                    label: t('entries.take'),
                    icon: <MinusOutline />,
                    disabled: entry.inventory === 0,
                    onClick: () => setEditing({ kind: 'change', open: true, entry, operation: 1 }),
                  },
                  {
                    key: 'add',
                    label: t('entries.put'),
                    icon: <AddOutline />,
                    tone: 'primary',
                    onClick: () => setEditing({ kind: 'change', open: true, entry, operation: 0 }),
                  },
                ]}
              />
            </li>
          ))}
        </ul>
        <Pagination
          current={page}
          total={entries.data?.count ?? 0}
          pageSize={STOCK_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
      {editing ? <StockFormSheet visible={editing.open} editing={editing} onClose={close} /> : null}
    </section>
  );
}
