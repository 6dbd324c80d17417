import type { Area } from '@vendo/contract/api/catalog';
import { PAGE_SIZE } from '@vendo/contract/constants';
import { Button, SearchBar } from 'antd-mobile';
import {
  AddOutline,
  DeleteOutline,
  EditSOutline,
  EnvironmentOutline,
  PhonebookOutline,
  ShopbagOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { Pagination } from '../../../components/pagination/pagination';
import { toast } from '../../../lib/notify';
import { useDeleteArea } from '../api/delete-area';
import { useAreas } from '../api/get-areas';
import { explainFailure } from '../utils/error-text';
import { AreaForm } from './area-form';
import { CardActions } from './card-actions';
import { confirmAction } from './confirm';
import { Sheet } from './form-sheet';
import { ListState } from './list-state';

const PAGE = PAGE_SIZE.pagination;

/** The area cards (spec §2): delete, view store, edit; and the way to add one. */
export function AreaList({ onViewStores }: { onViewStores: (area: Area) => void }) {
  const { t } = useTranslation('catalog');
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ open: boolean; area: Area | null }>({ open: false, area: null });
  const areas = useAreas({ page, pageSize: PAGE, name });
  const remove = useDeleteArea();
  const list = areas.data?.data ?? [];

  const openForm = (area: Area | null) => setEditing({ open: true, area });

  const confirmDelete = async (area: Area) => {
    const ok = await confirmAction({
      title: t('area.deleteTitle'),
      content: t('area.deleteText', { name: area.area_name }),
      confirmText: t('delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(area._id);
      toast(t('deleted'), { icon: 'success' });
      // The last card of a later page: step back so the list is not left empty.
      if (list.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      // Stores or machines still in the area: the reason stays on screen until read, not a passing toast.
      await explainFailure(error, t('area.deleteFailed'));
    }
  };

  return (
    <section className="catalog-list" aria-label={t('area.listLabel')}>
      <div className="list-toolbar">
        <SearchBar
          className="list-search"
          placeholder={t('area.search')}
          onSearch={(value) => {
            setName(value.trim());
            setPage(1);
          }}
          onClear={() => {
            setName('');
            setPage(1);
          }}
        />
        <Button color="primary" size="small" className="toolbar-add" onClick={() => openForm(null)}>
          <AddOutline aria-hidden="true" /> {t('area.add')}
        </Button>
      </div>
      {areas.data ? (
        <p className="list-count muted" aria-live="polite">
          {t('area.count', { count: areas.data.count })}
        </p>
      ) : null}
      <ListState
        pending={areas.isPending}
        failed={areas.isError && !areas.data}
        onRetry={() => void areas.refetch()}
        empty={list.length === 0}
        emptyGuide={
          <EmptyGuide
            description={name ? t('noMatch') : t('area.empty')}
            actionText={name ? undefined : t('area.add')}
            onAction={name ? undefined : () => openForm(null)}
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
                actions={[
                  {
                    key: 'delete',
                    label: t('delete'),
                    icon: <DeleteOutline />,
                    tone: 'danger',
                    onClick: () => void confirmDelete(area),
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
                ]}
              />
            </li>
          ))}
        </ul>
        <Pagination current={page} total={areas.data?.count ?? 0} pageSize={PAGE} onChange={setPage} />
      </ListState>
      <Sheet visible={editing.open} onClose={() => setEditing((e) => ({ ...e, open: false }))}>
        <AreaForm area={editing.area} onClose={() => setEditing((e) => ({ ...e, open: false }))} />
      </Sheet>
    </section>
  );
}
