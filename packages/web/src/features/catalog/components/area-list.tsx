import type { Area } from '@vendo/contract/api/catalog';
import { PAGE_SIZE } from '@vendo/contract/constants';
import {
  DeleteOutline,
  EditSOutline,
  EnvironmentOutline,
  PhonebookOutline,
  ShopbagOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardActions, type CardAction } from '../../../components/card-actions/card-actions';
import { confirmDelete } from '../../../components/dialog/confirm';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { managesAllStores } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { useDeleteArea } from '../api/delete-area';
import { useAreas } from '../api/get-areas';

const PAGE = PAGE_SIZE.pagination;

const AreaFormSheet = lazyComponent(() => import('./area-form').then((m) => m.AreaFormSheet));

/**
 * The area cards (spec §2): delete, view store, edit; and the way to add one. Staff limited to listed stores see
 * their areas without add, edit or delete, which the server refuses them (720).
 */
export function AreaList({ onViewStores }: { onViewStores: (area: Area) => void }) {
  const { t } = useTranslation('catalog');
  const allStores = managesAllStores(useUserInfo());
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ open: boolean; area: Area | null }>({ open: false, area: null });
  const formOpened = useOpenedOnce(editing.open);
  const areas = useAreas({ page, pageSize: PAGE, name });
  const remove = useDeleteArea();
  const list = areas.data?.data ?? [];

  const openForm = (area: Area | null) => setEditing({ open: true, area });

  const deleteArea = async (area: Area) => {
    const deleted = await confirmDelete({
      title: t('area.deleteTitle'),
      content: t('area.deleteText', { name: area.area_name }),
      remove: () => remove.mutateAsync(area._id),
      // Stores or machines still in the area: the reason stays on screen until read, not a passing toast.
      failedTitle: t('area.deleteFailed'),
    });
    // The last card of a later page: step back so the list is not left empty.
    if (deleted && list.length === 1 && page > 1) setPage(page - 1);
  };

  return (
    <section className="catalog-list" aria-label={t('area.listLabel')}>
      <ListSearch
        placeholder={t('area.search')}
        onSearch={(term) => {
          setName(term);
          setPage(1);
        }}
        add={allStores ? { label: t('area.add'), onClick: () => openForm(null) } : undefined}
      />
      {allStores ? null : <p className="list-note muted">{t('listedStoresOnly')}</p>}
      {areas.data ? (
        <p className="list-count muted" aria-live="polite">
          {t('area.count', { count: areas.data.count })}
        </p>
      ) : null}
      <ListState
        pending={areas.isPending}
        failed={areas.isError && !areas.data}
        error={areas.error}
        onRetry={() => void areas.refetch()}
        empty={list.length === 0}
        emptyGuide={
          <EmptyGuide
            description={name ? t('noMatch') : t('area.empty')}
            actionText={name || !allStores ? undefined : t('area.add')}
            onAction={name || !allStores ? undefined : () => openForm(null)}
          />
        }
      >
        <ul className="card-list">
          {list.map((area) => (
            <li key={area._id} className="card entity-card">
              <div className="entity-head">
                <h3 className="entity-title">{area.area_name}</h3>
                <div className="entity-badges">
                  <span className="badge">{t('area.stores', { count: area.store_count })}</span>
                  <span className="badge">{t('devices', { count: area.dev_count })}</span>
                </div>
              </div>
              <dl className="entity-facts">
                <div>
                  <dt>
                    <EnvironmentOutline aria-label={t('area.address')} />
                  </dt>
                  <dd>{area.area_address || <span className="muted">{t('notSet')}</span>}</dd>
                </div>
                <div>
                  <dt>
                    <PhonebookOutline aria-label={t('area.phone')} />
                  </dt>
                  <dd>
                    {area.phone ? (
                      <a href={`tel:${area.phone}`}>{area.phone}</a>
                    ) : (
                      <span className="muted">{t('notSet')}</span>
                    )}
                  </dd>
                </div>
              </dl>
              {area.remarks ? <p className="entity-remarks">{area.remarks}</p> : null}
              <CardActions
                label={t('actionsFor', { name: area.area_name })}
                actions={(
                  [
                    {
                      key: 'delete',
                      label: t('delete'),
                      icon: <DeleteOutline />,
                      tone: 'danger',
                      onClick: () => void deleteArea(area),
                    },
                    {
                      key: 'stores',
                      label: t('area.viewStores'),
                      icon: <ShopbagOutline />,
                      onClick: () => onViewStores(area),
                    },
                    {
                      key: 'edit',
                      label: t('edit'),
                      icon: <EditSOutline />,
                      tone: 'primary',
                      onClick: () => openForm(area),
                    },
                  ] satisfies CardAction[]
                ).filter((action) => allStores || action.key === 'stores')}
              />
            </li>
          ))}
        </ul>
        <Pagination current={page} total={areas.data?.count ?? 0} pageSize={PAGE} onChange={setPage} />
      </ListState>
      {formOpened ? (
        <AreaFormSheet
          visible={editing.open}
          area={editing.area}
          onClose={() => setEditing((e) => ({ ...e, open: false }))}
        />
      ) : null}
    </section>
  );
}
