import type { Store } from '@vendo/contract/api/catalog';
import { PAGE_SIZE } from '@vendo/contract/constants';
import { COOPERATION_MODE_LABELS, STORE_MODE_LABELS, STORE_REFUND_MODE_LABELS } from '@vendo/contract/enums';
import {
  AppOutline,
  DeleteOutline,
  EditSOutline,
  EnvironmentOutline,
  PhonebookOutline,
  TruckOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CardActions, type CardAction } from '../../../components/card-actions/card-actions';
import { confirmDelete } from '../../../components/dialog/confirm';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { FilterPicker } from '../../../components/filter-picker/filter-picker';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { currentLocale } from '../../../i18n/i18n';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { can, managesAllStores } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { useDeleteStore } from '../api/delete-store';
import { useAreaOptions } from '../api/get-areas';
import { useStores } from '../api/get-stores';
import { regionLabel } from '../../../components/region-field/region-options';

const PAGE = PAGE_SIZE.pagination;
const ALL = '0';

const StoreFormSheet = lazyComponent(() => import('./store-form').then((m) => m.StoreFormSheet));

interface StoreListProps {
  /** The area filter (from "view store" on an area card, kept in the address), or null for all. */
  area: number | null;
  onAreaChange: (area: number | null) => void;
}

/** The store cards (spec §2): delete, restock bill, view device, edit; filtered by area and name. */
export function StoreList({ area, onAreaChange }: StoreListProps) {
  const { t } = useTranslation('catalog');
  const locale = currentLocale();
  const navigate = useNavigate();
  const user = useUserInfo();
  const [now] = useState(() => Date.now());
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ open: boolean; store: Store | null }>({
    open: false,
    store: null,
  });
  const formOpened = useOpenedOnce(editing.open);
  const areas = useAreaOptions();
  const stores = useStores({ page, pageSize: PAGE, area, name });
  const remove = useDeleteStore();
  const list = stores.data?.data ?? [];
  const seesStock = can(user, 'stock', now);
  // Staff limited to listed stores change those stores only; adding or deleting one is refused them (720).
  const allStores = managesAllStores(user);
  const areaChoices = [
    { value: ALL, label: t('store.allAreas') },
    ...(areas.data?.data ?? []).map((a) => ({ value: String(a._id), label: a.area_name })),
  ];
  const noAreas = areas.isSuccess && areas.data.count === 0;

  const openForm = (store: Store | null) => setEditing({ open: true, store });

  const deleteStore = async (store: Store) => {
    const deleted = await confirmDelete({
      title: t('store.deleteTitle'),
      content: t('store.deleteText', { name: store.store_name }),
      remove: () => remove.mutateAsync(store._id),
      failedTitle: t('store.deleteFailed'),
    });
    if (deleted && list.length === 1 && page > 1) setPage(page - 1);
  };

  const actionsOf = (store: Store): CardAction[] => [
    ...(allStores
      ? [
          {
            key: 'delete',
            label: t('delete'),
            icon: <DeleteOutline />,
            tone: 'danger' as const,
            onClick: () => void deleteStore(store),
          },
        ]
      : []),
    ...(seesStock
      ? [
          {
            key: 'bill',
            label: t('store.restockBill'),
            icon: <TruckOutline />,
            onClick: () => void navigate(`/stock?store=${store._id}&view=bill`),
          },
        ]
      : []),
    {
      key: 'devices',
      label: t('store.viewDevices'),
      icon: <AppOutline />,
      onClick: () => void navigate(`/deviceManage?areaId=${store.area._id}&storeId=${store._id}`),
    },
    {
      key: 'edit',
      label: t('edit'),
      icon: <EditSOutline />,
      tone: 'primary',
      onClick: () => openForm(store),
    },
  ];

  return (
    <section className="catalog-list" aria-label={t('store.listLabel')}>
      <ListSearch
        placeholder={t('store.search')}
        onSearch={(term) => {
          setName(term);
          setPage(1);
        }}
        add={
          allStores ? { label: t('store.add'), onClick: () => openForm(null), disabled: noAreas } : undefined
        }
      />
      {allStores ? null : <p className="list-note muted">{t('listedStoresOnly')}</p>}
      <div className="filter-row">
        <FilterPicker
          label={t('store.area')}
          options={areaChoices}
          value={area === null ? ALL : String(area)}
          placeholder={t('store.allAreas')}
          active={area !== null}
          onChange={(picked) => {
            const id = Number(picked);
            onAreaChange(id > 0 ? id : null);
            setPage(1);
          }}
        />
        {stores.data ? (
          <span className="muted" aria-live="polite">
            {t('store.count', { count: stores.data.count })}
          </span>
        ) : null}
      </div>
      <ListState
        pending={stores.isPending}
        failed={stores.isError && !stores.data}
        error={stores.error}
        onRetry={() => void stores.refetch()}
        empty={list.length === 0}
        emptyGuide={
          noAreas ? (
            <EmptyGuide description={t('store.needArea')} />
          ) : (
            <EmptyGuide
              description={name ? t('noMatch') : t('store.empty')}
              actionText={name || !allStores ? undefined : t('store.add')}
              onAction={name || !allStores ? undefined : () => openForm(null)}
            />
          )
        }
      >
        <ul className="card-list">
          {list.map((store) => {
            const region = regionLabel(store);
            return (
              <li key={store._id} className="card entity-card">
                <div className="entity-head">
                  <h3 className="entity-title">{store.store_name}</h3>
                  <div className="entity-badges">
                    <span className="badge">{store.area.area_name}</span>
                    <span className="badge">{t('devices', { count: store.dev_count })}</span>
                  </div>
                </div>
                <dl className="entity-facts">
                  <div>
                    <dt>
                      <EnvironmentOutline aria-label={t('store.address')} />
                    </dt>
                    <dd>
                      {region || store.store_address ? (
                        <>
                          {region ? <span className="entity-region">{region}</span> : null}
                          {store.store_address ? <span>{store.store_address}</span> : null}
                        </>
                      ) : (
                        <span className="muted">{t('notSet')}</span>
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt>
                      <PhonebookOutline aria-label={t('store.phone')} />
                    </dt>
                    <dd>
                      {store.phone ? (
                        <a href={`tel:${store.phone}`}>{store.phone}</a>
                      ) : (
                        <span className="muted">{t('notSet')}</span>
                      )}
                    </dd>
                  </div>
                </dl>
                <div className="entity-tags">
                  <span className="tag">{STORE_MODE_LABELS[store.mode][locale]}</span>
                  {store.coop_mode ? (
                    <span className="tag">{COOPERATION_MODE_LABELS[store.coop_mode][locale]}</span>
                  ) : null}
                  <span className="tag">{STORE_REFUND_MODE_LABELS[store.refund_mode][locale]}</span>
                </div>
                {store.manager || store.salesman || store.coop_start || store.coop_end ? (
                  <p className="entity-remarks">
                    {[
                      store.manager ? `${t('store.manager')}: ${store.manager}` : '',
                      store.salesman ? `${t('store.salesman')}: ${store.salesman}` : '',
                      store.coop_start || store.coop_end
                        ? `${t('store.coopPeriod')}: ${store.coop_start || '…'} ~ ${store.coop_end || '…'}`
                        : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                ) : null}
                {store.remarks ? <p className="entity-remarks">{store.remarks}</p> : null}
                <CardActions label={t('actionsFor', { name: store.store_name })} actions={actionsOf(store)} />
              </li>
            );
          })}
        </ul>
        <Pagination current={page} total={stores.data?.count ?? 0} pageSize={PAGE} onChange={setPage} />
      </ListState>
      {formOpened ? (
        <StoreFormSheet
          visible={editing.open}
          store={editing.store}
          defaultArea={area}
          onClose={() => setEditing((e) => ({ ...e, open: false }))}
        />
      ) : null}
    </section>
  );
}
