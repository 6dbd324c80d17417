import type { Goods } from '@vendo/contract/api/catalog';
import { formatMoney } from '@vendo/contract/money';
import { tagList } from '@vendo/contract/validation';
import { Button, Image } from 'antd-mobile';
import { AddOutline, DeleteOutline, EditSOutline, PictureOutline, UploadOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardActions } from '../../../components/card-actions/card-actions';
import { confirmDelete } from '../../../components/dialog/confirm';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { currentLocale } from '../../../i18n/i18n';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { useDeleteGoods } from '../api/delete-goods';
import { GOODS_PAGE_SIZE, useGoods } from '../api/get-goods';

// The sheets load when first opened: most visits only look at the list.
const GoodsFormSheet = lazyComponent(() => import('./goods-form').then((m) => m.GoodsFormSheet));
const ImportSheet = lazyComponent(() => import('./import-sheet').then((m) => m.ImportSheet));

/** The goods cards (8 a page): name, image, prices, code, sold and tags; add, import, edit, delete. */
export function GoodsList() {
  const { t } = useTranslation('catalog');
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ open: boolean; goods: Goods | null }>({
    open: false,
    goods: null,
  });
  const [importing, setImporting] = useState(false);
  const formOpened = useOpenedOnce(editing.open);
  const importOpened = useOpenedOnce(importing);
  const goods = useGoods({ page, search });
  const remove = useDeleteGoods();
  const list = goods.data?.data ?? [];

  const openForm = (item: Goods | null) => setEditing({ open: true, goods: item });

  const deleteGoods = async (item: Goods) => {
    const deleted = await confirmDelete({
      title: t('goods.deleteTitle'),
      content: t('goods.deleteText', { name: item.goods_name }),
      remove: () => remove.mutateAsync(item.goods_id),
      failedTitle: t('goods.deleteFailed'),
    });
    if (deleted && list.length === 1 && page > 1) setPage(page - 1);
  };

  return (
    <section className="catalog-list" aria-label={t('goods.listLabel')}>
      <ListSearch
        placeholder={t('goods.search')}
        onSearch={(term) => {
          setSearch(term);
          setPage(1);
        }}
      />
      <div className="toolbar-buttons">
        <Button color="primary" size="middle" onClick={() => openForm(null)}>
          <AddOutline aria-hidden="true" /> {t('goods.add')}
        </Button>
        <Button color="primary" fill="outline" size="middle" onClick={() => setImporting(true)}>
          <UploadOutline aria-hidden="true" /> {t('import.open')}
        </Button>
        {goods.data ? (
          <span className="muted toolbar-count" aria-live="polite">
            {t('goods.count', { count: goods.data.count })}
          </span>
        ) : null}
      </div>
      <ListState
        pending={goods.isPending}
        failed={goods.isError && !goods.data}
        error={goods.error}
        onRetry={() => void goods.refetch()}
        empty={list.length === 0}
        emptyGuide={
          <EmptyGuide
            description={search ? t('noMatch') : t('goods.empty')}
            actionText={search ? undefined : t('goods.add')}
            onAction={search ? undefined : () => openForm(null)}
          />
        }
      >
        <ul className="card-list">
          {list.map((item) => {
            const tags = tagList(item.tags);
            return (
              <li key={item.goods_id} className="card entity-card">
                <div className="goods-row">
                  {item.goods_detail.img ? (
                    <Image src={item.goods_detail.img} alt="" fit="cover" lazy className="goods-thumb" />
                  ) : (
                    <span className="goods-thumb goods-thumb-empty" aria-hidden="true">
                      <PictureOutline />
                    </span>
                  )}
                  <div className="goods-main">
                    <h3 className="entity-title">{item.goods_name}</h3>
                    <p className="goods-price">
                      <strong>{formatMoney(item.price, locale)}</strong>
                      {item.cost_price !== null ? (
                        <span className="muted">
                          {t('goods.costShort')} {formatMoney(item.cost_price, locale)}
                        </span>
                      ) : null}
                    </p>
                    <p className="muted goods-meta">
                      {[
                        item.goods_code ? `${t('goods.code')} ${item.goods_code}` : '',
                        t('goods.soldN', { count: item.sold }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    {tags.length ? (
                      <div className="entity-tags">
                        {tags.map((tag) => (
                          <span key={tag} className="tag">
                            {tag}
                          </span>
                        ))}
                      </div>
                    ) : null}
                  </div>
                </div>
                <CardActions
                  label={t('actionsFor', { name: item.goods_name })}
                  actions={[
                    {
                      key: 'delete',
                      label: t('delete'),
                      icon: <DeleteOutline />,
                      tone: 'danger',
                      onClick: () => void deleteGoods(item),
                    },
                    {
                      key: 'edit',
                      label: t('edit'),
                      icon: <EditSOutline />,
                      tone: 'primary',
                      onClick: () => openForm(item),
                    },
                  ]}
                />
              </li>
            );
          })}
        </ul>
        <Pagination
          current={page}
          total={goods.data?.count ?? 0}
          pageSize={GOODS_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
      {formOpened ? (
        <GoodsFormSheet
          visible={editing.open}
          goods={editing.goods}
          onClose={() => setEditing((e) => ({ ...e, open: false }))}
        />
      ) : null}
      {importOpened ? <ImportSheet visible={importing} onClose={() => setImporting(false)} /> : null}
    </section>
  );
}
