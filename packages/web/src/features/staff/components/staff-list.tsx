import type { SubUser } from '@vendo/contract/api/staff';
import { PAGE_SIZE } from '@vendo/contract/constants';
import { bit } from '@vendo/contract/api/fields';
import {
  DeleteOutline,
  EditSOutline,
  KeyOutline,
  LockOutline,
  PhonebookOutline,
  ShopbagOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardActions, type CardAction } from '../../../components/card-actions/card-actions';
import { CardSwitch } from '../../../components/card-switch/card-switch';
import { confirmDelete } from '../../../components/dialog/confirm';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { ApiError } from '../../../lib/api-client';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { toast } from '../../../lib/notify';
import { useChangeOperSwitch } from '../api/change-oper-switch';
import { useDeleteStaff } from '../api/delete-staff';
import { useStaff } from '../api/get-staff';
import type { ResetKind } from './reset-sheet';

const PAGE = PAGE_SIZE.staff;

const StaffFormSheet = lazyComponent(() => import('./staff-form').then((m) => m.StaffFormSheet));
const ResetSheet = lazyComponent(() => import('./reset-sheet').then((m) => m.ResetSheet));

/**
 * The staff cards (spec §2 /staff): login name account@suffix, name, role, managed stores, the operation-password
 * switch; reset the login or operation password, edit, delete.
 */
export function StaffList() {
  const { t } = useTranslation('staff');
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ open: boolean; staff: SubUser | null }>({
    open: false,
    staff: null,
  });
  const [reset, setReset] = useState<{ open: boolean; staff: SubUser | null; kind: ResetKind }>({
    open: false,
    staff: null,
    kind: 'login',
  });
  const formOpened = useOpenedOnce(editing.open);
  const resetOpened = useOpenedOnce(reset.open);
  const staff = useStaff(page, PAGE, keyword);
  const remove = useDeleteStaff();
  const operSwitch = useChangeOperSwitch();
  const list = staff.data?.data ?? [];

  const openForm = (member: SubUser | null) => setEditing({ open: true, staff: member });
  const openReset = (member: SubUser, kind: ResetKind) => setReset({ open: true, staff: member, kind });

  const toggleOper = async (member: SubUser, on: boolean) => {
    if (on && !member.has_oper_pwd) return openReset(member, 'switch-on');
    try {
      await operSwitch.mutateAsync({ sub_userid: member.sub_userid, is_oper_pwd: bit(on) });
      toast(on ? t('staff.operOn') : t('staff.operOff'), { icon: 'success' });
    } catch (error) {
      // No password on record after all: ask for one with the switch.
      if (on && error instanceof ApiError) openReset(member, 'switch-on');
    }
  };

  const deleteStaff = async (member: SubUser) => {
    const deleted = await confirmDelete({
      title: t('staff.deleteTitle'),
      content: t('staff.deleteText', { name: `${member.nickname} (${member.login_name})` }),
      remove: () => remove.mutateAsync(member.sub_userid),
      failedTitle: t('staff.deleteFailed'),
    });
    if (deleted && list.length === 1 && page > 1) setPage(page - 1);
  };

  const actionsOf = (member: SubUser): CardAction[] => [
    {
      key: 'delete',
      label: t('delete'),
      icon: <DeleteOutline />,
      tone: 'danger',
      onClick: () => void deleteStaff(member),
    },
    {
      key: 'pwd',
      label: t('staff.resetPwd'),
      icon: <LockOutline />,
      onClick: () => openReset(member, 'login'),
    },
    {
      key: 'oper',
      label: t('staff.resetOperPwd'),
      icon: <KeyOutline />,
      onClick: () => openReset(member, 'oper'),
    },
    {
      key: 'edit',
      label: t('edit'),
      icon: <EditSOutline />,
      tone: 'primary',
      onClick: () => openForm(member),
    },
  ];

  return (
    <section className="staff-list" aria-label={t('staff.label')}>
      <ListSearch
        placeholder={t('staff.search')}
        onSearch={(term) => {
          setKeyword(term);
          setPage(1);
        }}
        add={{ label: t('staff.add'), onClick: () => openForm(null) }}
      />
      {staff.data ? (
        <p className="muted staff-count" aria-live="polite">
          {t('staff.count', { count: staff.data.count })}
        </p>
      ) : null}
      <ListState
        pending={staff.isPending}
        failed={staff.isError && !staff.data}
        error={staff.error}
        onRetry={() => void staff.refetch()}
        empty={list.length === 0}
        emptyGuide={
          <EmptyGuide
            description={keyword ? t('noMatch') : t('staff.empty')}
            actionText={keyword ? undefined : t('staff.add')}
            onAction={keyword ? undefined : () => openForm(null)}
          />
        }
      >
        <ul className="card-list">
          {list.map((member) => (
            <li key={member.sub_userid} className="card entity-card">
              <div className="entity-head">
                <h3 className="entity-title">{member.nickname}</h3>
                <div className="entity-badges">
                  <span className="badge">{member.role_info?.rolename ?? t('staff.noRole')}</span>
                </div>
              </div>
              <dl className="entity-facts">
                <div>
                  <dt>
                    <UserOutline aria-label={t('staff.loginName')} />
                  </dt>
                  <dd className="staff-login">{member.login_name}</dd>
                </div>
                {member.phone ? (
                  <div>
                    <dt>
                      <PhonebookOutline aria-label={t('staff.phone')} />
                    </dt>
                    <dd>
                      <a href={`tel:${member.phone}`}>{member.phone}</a>
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt>
                    <ShopbagOutline aria-label={t('staff.stores')} />
                  </dt>
                  <dd>
                    {member.all_device === 1
                      ? t('staff.allStores')
                      : member.store.map((s) => s.store_name).join('、') || t('staff.pickStores')}
                  </dd>
                </div>
              </dl>
              <CardSwitch
                id={`oper-${member.sub_userid}`}
                label={t('staff.operSwitch')}
                checked={member.is_oper_pwd === 1}
                loading={operSwitch.isPending && operSwitch.variables.sub_userid === member.sub_userid}
                onChange={(on) => void toggleOper(member, on)}
              />
              <CardActions label={t('actionsFor', { name: member.nickname })} actions={actionsOf(member)} />
            </li>
          ))}
        </ul>
        <Pagination current={page} total={staff.data?.count ?? 0} pageSize={PAGE} onChange={setPage} />
      </ListState>
      {formOpened ? (
        <StaffFormSheet
          visible={editing.open}
          staff={editing.staff}
          onClose={() => setEditing((e) => ({ ...e, open: false }))}
        />
      ) : null}
      {resetOpened && reset.staff ? (
        <ResetSheet
          visible={reset.open}
          staff={reset.staff}
          kind={reset.kind}
          onClose={() => setReset((r) => ({ ...r, open: false }))}
        />
      ) : null}
    </section>
  );
}
