import type { StockEntry } from '@vendo/contract/api/stock';
import { Button, SearchBar, Selector } from 'antd-mobile';
import { AddOutline, DeleteOutline, MinusOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { Pagination } from '../../../components/pagination/pagination';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { useDeleteStock } from '../api/delete-stock';
import { useStockEntries, type EntryLevel } from '../api/get-stock';
import { explainFailure } from '../utils/error-text';
import { STOCK_PAGE_SIZE } from '../utils/paging';
import { AddStockForm } from './add-stock-form';
import { CardActions } from './card-actions';
import { ChangeStockForm } from './change-stock-form';
import { confirmAction } from './confirm';
import { Sheet } from './form-sheet';
import { GoodsCell } from './goods-cell';
import { ListState } from './list-state';

type Editing =
  { kind: 'add'; open: boolean } | { kind: 'change'; open: boolean; entry: StockEntry; operation: 0 | 1 };

/** The stock entries kept by hand (warehouse and stores): add stock, add to, take from, delete. */
export function StockEntries() {
  const { t } = useTranslation('stock');
  const [page, setPage] = useState(1);
  const [level, setLevel] = useState<EntryLevel>('all');
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const entries = useStockEntries({ page, level, name });
  const remove = useDeleteStock();
  const list = entries.data?.data ?? [];
  const close = () => setEditing((e) => (e ? { ...e, open: false } : e));

  const confirmDelete = async (entry: StockEntry) => {
    const ok = await confirmAction({
      title: t('entries.deleteTitle'),
      content: t('entries.deleteText', {
        name: entry.goods_detail.goods_name,
        place: entry.store ? entry.store.store_name : t('level.total'),
        count: entry.inventory,
      }),
      confirmText: t('delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(entry._id);
      toast(t('deleted'), { icon: 'success' });
      if (list.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      await explainFailure(error, t('entries.deleteFailed'));
    }
  };

  return (
    <section className="stock-list" aria-label={t('entries.label')}>
      <div className="list-toolbar">
        <SearchBar
          className="list-search"
          placeholder={t('searchGoods')}
          onSearch={(value) => {
            setName(value.trim());
            setPage(1);
          }}
          onClear={() => {
            setName('');
            setPage(1);
          }}
        />
        <Button
          color="primary"
          size="small"
          className="toolbar-add"
          onClick={() => setEditing({ kind: 'add', open: true })}
        >
          <AddOutline aria-hidden="true" /> {t('entries.add')}
        </Button>
      </div>
      <Selector<EntryLevel>
        className="level-filter"
        columns={3}
        showCheckMark={false}
        value={[level]}
        options={[
          { value: 'all', label: t('entries.all') },
          { value: 'total', label: t('level.total') },
          { value: 'store', label: t('level.store') },
        ]}
        onChange={(picked) => {
          if (picked[0]) {
            setLevel(picked[0]);
            setPage(1);
          }
        }}
      />
      <ListState
        pending={entries.isPending}
        failed={entries.isError && !entries.data}
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
                    onClick: () => void confirmDelete(entry),
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
      <Sheet visible={editing?.open ?? false} onClose={close}>
        {editing?.kind === 'add' ? <AddStockForm defaultStore={null} onClose={close} /> : null}
        {editing?.kind === 'change' ? (
          <ChangeStockForm entry={editing.entry} operation={editing.operation} onClose={close} />
        ) : null}
      </Sheet>
    </section>
  );
}
