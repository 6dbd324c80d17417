import type { Role } from '@vendo/contract/api/staff';
import { PAGE_SIZE } from '@vendo/contract/constants';
import { isPermissionCode, PERMISSION_LABELS } from '@vendo/contract/enums';
import { DeleteOutline, EditSOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardActions, type CardAction } from '../../../components/card-actions/card-actions';
import { confirmDelete } from '../../../components/dialog/confirm';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { currentLocale } from '../../../i18n/i18n';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';

const PAGE = PAGE_SIZE.role;

const RoleFormSheet = lazyComponent(() => import('./role-form').then((m) => m.RoleFormSheet));

/** The role cards: name, note, permissions, how many staff hold it; add, edit, delete (refused while in use). */
export function RoleList() {
  const { t } = useTranslation('staff');
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ open: boolean; role: Role | null }>({ open: false, role: null });
  const formOpened = useOpenedOnce(editing.open);
  const roles = useRoles(page, PAGE, name, 'list');
  const remove = useDeleteRole();
  const list = roles.data?.data ?? [];

  const openForm = (role: Role | null) => setEditing({ open: true, role });

  const deleteRole = async (role: Role) => {
    const deleted = await confirmDelete({
      title: t('role.deleteTitle'),
      content: t('role.deleteText', { name: role.name }),
      remove: () => remove.mutateAsync(role.roleid),
      failedTitle: t('role.deleteFailed'),
    });
    if (deleted && list.length === 1 && page > 1) setPage(page - 1);
  };

  const actionsOf = (role: Role): CardAction[] => [
    {
      key: 'delete',
      label: t('delete'),
      icon: <DeleteOutline />,
      tone: 'danger',
      onClick: () => void deleteRole(role),
    },
    { key: 'edit', label: t('edit'), icon: <EditSOutline />, tone: 'primary', onClick: () => openForm(role) },
  ];

  return (
    <section className="staff-list" aria-label={t('role.label')}>
      <ListSearch
        placeholder={t('role.search')}
        onSearch={(term) => {
          setName(term);
          setPage(1);
        }}
        add={{ label: t('role.add'), onClick: () => openForm(null) }}
      />
      <ListState
        pending={roles.isPending}
        failed={roles.isError && !roles.data}
        error={roles.error}
        onRetry={() => void roles.refetch()}
        empty={list.length === 0}
        emptyGuide={
          <EmptyGuide
            description={name ? t('noMatch') : t('role.empty')}
            actionText={name ? undefined : t('role.add')}
            onAction={name ? undefined : () => openForm(null)}
          />
        }
      >
        <ul className="card-list">
          {list.map((role) => (
            <li key={role.roleid} className="card entity-card">
              <div className="entity-head">
                <h3 className="entity-title">{role.name}</h3>
                <div className="entity-badges">
                  <span className="badge">{t('role.staffCount', { count: role.staff_count })}</span>
                </div>
              </div>
              {role.note ? <p className="entity-remarks">{role.note}</p> : null}
              <div className="entity-tags">
                {role.permissions.filter(isPermissionCode).map((code) => (
                  <span key={code} className="tag">
                    {PERMISSION_LABELS[code][locale]}
                  </span>
                ))}
              </div>
              <CardActions label={t('actionsFor', { name: role.name })} actions={actionsOf(role)} />
            </li>
          ))}
        </ul>
        <Pagination current={page} total={roles.data?.count ?? 0} pageSize={PAGE} onChange={setPage} />
      </ListState>
      {formOpened ? (
        <RoleFormSheet
          visible={editing.open}
          role={editing.role}
          onClose={() => setEditing((e) => ({ ...e, open: false }))}
        />
      ) : null}
    </section>
  );
}
