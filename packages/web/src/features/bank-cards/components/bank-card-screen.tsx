import type { BankCard } from '@vendo/contract/api/bank-cards';
import { BANK_LABELS, BANK_REVIEW_LABELS } from '@vendo/contract/enums';
import { Button } from 'antd-mobile';
import {
  DeleteOutline,
  EditSOutline,
  FileOutline,
  LinkOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CardActions, type CardAction } from '../../../components/card-actions/card-actions';
import { confirmDelete } from '../../../components/dialog/confirm';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import bankCardsTexts from '../../../i18n/resources/bank-cards';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { can } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { useDeleteMerchant } from '../api/delete-merchant';
import { MERCHANT_PAGE_SIZE, useMerchants } from '../api/get-merchants';
import { isEditable } from '../utils/entry-steps';
import { CardEntry } from './card-entry';
import '../../../styles/list-page.css';
import './bank-cards.css';

registerNamespace('bankCards', bankCardsTexts);

const DetailSheet = lazyComponent(() => import('./detail-sheet').then((m) => m.DetailSheet));
const ShareSheet = lazyComponent(() => import('./share-sheet').then((m) => m.ShareSheet));
const BindSheet = lazyComponent(() => import('./bind-sheet').then((m) => m.BindSheet));

type Opened = { kind: 'detail' | 'bind'; card: BankCard; open: boolean } | null;

/** The address of the editor: ?entry=new for a new card, ?entry=<merchant_id> to go on with one. */
const ENTRY_PARAM = 'entry';

/**
 * /bankCard (spec §2, §3, §4): the payout cards with their review state, detail, delete, "add" (the three-step
 * editor), "share" (an invitation link and QR code) and binding machines to an approved card. The editor lives in
 * the address (?entry=), so the header's back button and the phone's closes it as the spec's back does.
 */
export default function BankCardScreen() {
  const [params, setParams] = useSearchParams();
  const entry = params.get(ENTRY_PARAM);
  const closeEditor = () => setParams({}, { replace: false });
  if (entry)
    return <CardEntry key={entry} merchantId={entry === 'new' ? null : entry} onClose={closeEditor} />;
  return <CardList onEdit={(id) => setParams({ [ENTRY_PARAM]: id ?? 'new' })} />;
}

function CardList({ onEdit }: { onEdit: (merchantId: string | null) => void }) {
  const { t } = useTranslation('bankCards');
  const locale = currentLocale();
  const user = useUserInfo();
  const [now] = useState(() => Date.now());
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<Opened>(null);
  const [sharing, setSharing] = useState(false);
  const shareOpened = useOpenedOnce(sharing);
  const cards = useMerchants(page);
  const remove = useDeleteMerchant();
  const list = cards.data?.data ?? [];
  const seesDevices = can(user, 'deviceManage', now);
  // Only an approved card takes machines (spec §4), and choosing them needs the device list (1023).
  const mayBind = (card: BankCard) => card.review_state === 'approved' && seesDevices;

  const deleteCard = async (card: BankCard) => {
    const deleted = await confirmDelete({
      title: t('deleteTitle'),
      content: t('deleteText', { name: card.acct_name, card: card.acct_no }),
      remove: () => remove.mutateAsync(card.merchant_id),
      failedTitle: t('deleteFailed'),
    });
    if (deleted && list.length === 1 && page > 1) setPage(page - 1);
  };

  const actionsOf = (card: BankCard): CardAction[] => [
    {
      key: 'delete',
      label: t('delete'),
      icon: <DeleteOutline />,
      tone: 'danger',
      onClick: () => void deleteCard(card),
    },
    {
      key: 'detail',
      label: t('detail'),
      icon: <FileOutline />,
      onClick: () => setOpened({ kind: 'detail', card, open: true }),
    },
    ...(isEditable(card)
      ? [
          {
            key: 'edit',
            label: card.review_state === 'rejected' ? t('edit') : t('continue'),
            icon: <EditSOutline />,
            tone: 'primary' as const,
            onClick: () => onEdit(card.merchant_id),
          },
        ]
      : []),
    ...(mayBind(card)
      ? [
          {
            key: 'bind',
            label: t('bind'),
            icon: <UnorderedListOutline />,
            tone: 'primary' as const,
            onClick: () => setOpened({ kind: 'bind', card, open: true }),
          },
        ]
      : []),
  ];

  const close = () => setOpened((o) => (o ? { ...o, open: false } : o));

  return (
    <div className="page bc-page">
      <div className="bc-toolbar">
        <Button color="primary" onClick={() => onEdit(null)}>
          {t('add')}
        </Button>
        <Button color="primary" fill="outline" onClick={() => setSharing(true)}>
          <LinkOutline aria-hidden="true" /> {t('share')}
        </Button>
      </div>
      {cards.data ? (
        <p className="muted bc-count" aria-live="polite">
          {t('count', { count: cards.data.count })}
        </p>
      ) : null}
      <ListState
        pending={cards.isPending}
        failed={cards.isError && !cards.data}
        error={cards.error}
        onRetry={() => void cards.refetch()}
        empty={list.length === 0}
        emptyGuide={
          <EmptyGuide description={t('empty')} actionText={t('add')} onAction={() => onEdit(null)} />
        }
      >
        <ul className="card-list" aria-label={t('label')}>
          {list.map((card) => (
            <li key={card.merchant_id} className="card entity-card bc-card" data-state={card.review_state}>
              <div className="bc-card-head">
                <h3 className="entity-title">{card.acct_name}</h3>
                <span className="tag bc-state" data-state={card.review_state}>
                  {BANK_REVIEW_LABELS[card.review_state][locale]}
                </span>
              </div>
              <p className="bc-card-number">{card.acct_no}</p>
              <p className="muted">
                {BANK_LABELS[card.bank_code][locale]}
                {card.bank_branch ? ` · ${card.bank_branch}` : ''}
              </p>
              {card.review_state === 'rejected' && card.reject_reason ? (
                <p className="bc-reason">{t('rejectReason', { reason: card.reject_reason })}</p>
              ) : null}
              {card.review_state === 'missingPhotos' ||
              (!card.images_complete && card.review_state !== 'rejected') ? (
                <p className="bc-reason">{t('missingPhotos')}</p>
              ) : null}
              <p className="muted bc-card-meta">
                {t('machines', { count: card.device_count })}
                {card.source === 'share' ? ` · ${t('fromShare')}` : ''}
              </p>
              <CardActions label={t('actionsFor', { name: card.acct_name })} actions={actionsOf(card)} />
            </li>
          ))}
        </ul>
        <Pagination
          current={page}
          total={cards.data?.count ?? 0}
          pageSize={MERCHANT_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
      {opened?.kind === 'detail' ? (
        <DetailSheet
          visible={opened.open}
          card={opened.card}
          onClose={close}
          onBind={
            mayBind(opened.card)
              ? () => setOpened({ kind: 'bind', card: opened.card, open: true })
              : undefined
          }
        />
      ) : null}
      {opened?.kind === 'bind' ? (
        <BindSheet visible={opened.open} card={opened.card} onClose={close} />
      ) : null}
      {shareOpened ? <ShareSheet visible={sharing} onClose={() => setSharing(false)} /> : null}
    </div>
  );
}
