import type { NotifyRecipient } from '@vendo/contract/api/notify';
import { PAGE_SIZE } from '@vendo/contract/constants';
import { NOTIFY_KIND_LABELS, notifyTagStyle } from '@vendo/contract/enums';
import { bit } from '@vendo/contract/api/fields';
import { Avatar, Tag } from 'antd-mobile';
import { DeleteOutline, EditSOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardActions, type CardAction } from '../../../components/card-actions/card-actions';
import { CardSwitch } from '../../../components/card-switch/card-switch';
import { confirmDelete } from '../../../components/dialog/confirm';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import notifyTexts from '../../../i18n/resources/notify';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { toast } from '../../../lib/notify';
import { useDeleteRecipient } from '../api/delete-recipient';
import { useEditRecipient } from '../api/edit-recipient';
import { useRecipients } from '../api/get-recipients';
import '../../../styles/list-page.css';
import './notify.css';

registerNamespace('notify', notifyTexts);

const PAGE = PAGE_SIZE.notification;

const RecipientFormSheet = lazyComponent(() => import('./recipient-form').then((m) => m.RecipientFormSheet));

/** /notification (spec §2, §3): the recipients of the merchant's alerts; main account only (spec §6). */
export default function NotifyScreen() {
  // Staff never get here: the route table gives them the reason, and no call the server would refuse.
  return <Recipients />;
}

function Recipients() {
  const { t } = useTranslation('notify');
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const [remarks, setRemarks] = useState('');
  const [editing, setEditing] = useState<{ open: boolean; recipient: NotifyRecipient | null }>({
    open: false,
    recipient: null,
  });
  const formOpened = useOpenedOnce(editing.open);
  const recipients = useRecipients(page, PAGE, remarks);
  const remove = useDeleteRecipient();
  const edit = useEditRecipient();
  const list = recipients.data?.data ?? [];

  const openForm = (recipient: NotifyRecipient | null) => setEditing({ open: true, recipient });
  const nameOf = (r: NotifyRecipient) => r.remarks || r.wechat_detail.nickname || t('unnamed');

  const toggleNotice = async (r: NotifyRecipient, on: boolean) => {
    await edit.mutateAsync({
      notify_id: r.notify_id,
      remarks: r.remarks,
      not_disture: r.not_disture,
      start_notify: r.start_notify,
      end_notify: r.end_notify,
      permission: r.permission,
      all_device: r.all_device,
      store: r.store.map((s) => s._id),
      notice: bit(on),
    });
    toast(on ? t('noticeOn') : t('noticeOff'), { icon: 'success' });
  };

  const deleteRecipient = async (r: NotifyRecipient) => {
    const deleted = await confirmDelete({
      title: t('deleteTitle'),
      content: t('deleteText', { name: nameOf(r) }),
      remove: () => remove.mutateAsync(r.notify_id),
      failedTitle: t('deleteFailed'),
    });
    if (deleted && list.length === 1 && page > 1) setPage(page - 1);
  };

  const actionsOf = (r: NotifyRecipient): CardAction[] => [
    {
      key: 'delete',
      label: t('delete'),
      icon: <DeleteOutline />,
      tone: 'danger',
      onClick: () => void deleteRecipient(r),
    },
    { key: 'edit', label: t('edit'), icon: <EditSOutline />, tone: 'primary', onClick: () => openForm(r) },
  ];

  return (
    <div className="page notify-page">
      <section aria-label={t('label')}>
        <ListSearch
          placeholder={t('search')}
          onSearch={(term) => {
            setRemarks(term);
            setPage(1);
          }}
          add={{ label: t('add'), onClick: () => openForm(null) }}
        />
        {recipients.data ? (
          <p className="muted notify-count" aria-live="polite">
            {t('count', { count: recipients.data.count })}
          </p>
        ) : null}
        <ListState
          pending={recipients.isPending}
          failed={recipients.isError && !recipients.data}
          error={recipients.error}
          onRetry={() => void recipients.refetch()}
          empty={list.length === 0}
          emptyGuide={
            <EmptyGuide
              description={remarks ? t('noMatch') : t('empty')}
              actionText={remarks ? undefined : t('add')}
              onAction={remarks ? undefined : () => openForm(null)}
            />
          }
        >
          <ul className="card-list">
            {list.map((r) => (
              <li key={r.notify_id} className="card entity-card">
                <div className="notify-head">
                  <Avatar
                    src={r.wechat_detail.headimgurl}
                    alt=""
                    style={{ '--size': '44px', '--border-radius': '50%' }}
                  />
                  <div className="notify-who">
                    <h3 className="entity-title">{r.wechat_detail.nickname || t('unnamed')}</h3>
                    {r.remarks ? <p className="muted">{r.remarks}</p> : null}
                  </div>
                </div>
                <div className="entity-tags">
                  {r.permission.map((kind, index) => (
                    <Tag key={kind} color={notifyTagStyle(index)} fill="outline">
                      {NOTIFY_KIND_LABELS[kind][locale]}
                    </Tag>
                  ))}
                </div>
                <p className="entity-remarks">
                  {r.not_disture === 1 ? t('dndWindow', { start: r.start_notify, end: r.end_notify }) : null}
                  {r.not_disture === 1 ? ' · ' : null}
                  {r.all_device === 1 ? t('allStores') : r.store.map((s) => s.store_name).join('、')}
                </p>
                <CardSwitch
                  id={`notice-${r.notify_id}`}
                  label={t('notice')}
                  checked={r.notice === 1}
                  loading={edit.isPending && edit.variables.notify_id === r.notify_id}
                  onChange={(on) => void toggleNotice(r, on)}
                />
                <CardActions label={t('actionsFor', { name: nameOf(r) })} actions={actionsOf(r)} />
              </li>
            ))}
          </ul>
          <Pagination current={page} total={recipients.data?.count ?? 0} pageSize={PAGE} onChange={setPage} />
        </ListState>
      </section>
      {formOpened ? (
        <RecipientFormSheet
          visible={editing.open}
          recipient={editing.recipient}
          onClose={() => setEditing((e) => ({ ...e, open: false }))}
        />
      ) : null}
    </div>
  );
}
