import {
  GIFT_CODE_STATES,
  GIFT_FIELD_LABELS,
  GIFT_STATE_LABELS,
  type GiftBatch,
  type GiftCodeState,
  type GiftCounts,
} from '@vendo/contract/api/gifts';
import { weekdaysText } from '@vendo/contract/weekdays';
import { Button, Selector } from 'antd-mobile';
import {
  AddOutline,
  CloseCircleOutline,
  DeleteOutline,
  DownlandOutline,
  PictureOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardActions, type CardAction } from '../../../components/card-actions/card-actions';
import '../../../components/form/choice-field.css';
import { confirmAction } from '../../../components/dialog/confirm';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { useOpenedSheet } from '../../../components/sheet/opened-sheet';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import giftsTexts from '../../../i18n/resources/gifts';
import { downloadUrl } from '../../../lib/download';
import { lazyComponent } from '../../../lib/lazy-component';
import { toast } from '../../../lib/notify';
import { GIFT_PAGE_SIZE, useDisableGift, useDownloadGift, useGifts } from '../api/gifts-api';
import '../../../styles/list-page.css';
import './gifts.css';

registerNamespace('gifts', giftsTexts);

const GiftEditor = lazyComponent(() => import('./gift-editor').then((m) => m.GiftEditorSheet));
const GiftPrint = lazyComponent(() => import('./gift-print').then((m) => m.GiftPrintSheet));

const COUNT_ORDER: (keyof GiftCounts)[] = ['unused', 'downloaded', 'used', 'invalid', 'revoked', 'deleted'];

/** 'YYYY-MM-DD HH:mm' in the phone's zone. */
function stamp(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * /gift (spec §2, §3 Gift voucher, §4 its states; issue 17): the merchant's batches of gift codes with their
 * counts per state, a new batch in a sheet, and per batch: download (XLSX), the printable QR sheet, revoke and,
 * once revoked, delete. Main account only (the route's access and the server).
 */
export default function GiftScreen() {
  const { t } = useTranslation('gifts');
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<GiftCodeState | ''>('');
  const gifts = useGifts(page, status);
  const disable = useDisableGift();
  const downloader = useDownloadGift();
  const editor = useOpenedSheet<null>();
  const [printing, setPrinting] = useState<{ id: number; open: boolean } | null>(null);
  const list = gifts.data?.data ?? [];
  const label = (field: string) => GIFT_FIELD_LABELS[field]?.[locale] ?? field;
  const openEditor = () => editor.open(null);

  const revoke = async (gift: GiftBatch) => {
    const yes = await confirmAction({
      title: t('list.revokeTitle'),
      content: t('list.revokeText', { name: gift.name }),
      confirmText: t('list.revoke'),
      danger: true,
    });
    if (!yes) return;
    await disable.mutateAsync({ gift_id: gift.gift_id, action: 'revoke' });
    toast(t('list.revoked'), { icon: 'success' });
  };

  const remove = async (gift: GiftBatch) => {
    const yes = await confirmAction({
      title: t('list.deleteTitle'),
      content: t('list.deleteText', { name: gift.name }),
      confirmText: t('list.delete'),
      danger: true,
    });
    if (!yes) return;
    await disable.mutateAsync({ gift_id: gift.gift_id, action: 'delete' });
    toast(t('list.deleted'), { icon: 'success' });
  };

  const download = async (gift: GiftBatch) => {
    const link = await downloader.mutateAsync(gift.gift_id);
    downloadUrl(link.url, link.filename);
    toast(t('list.downloadReady'), { icon: 'success' });
  };

  const actionsOf = (gift: GiftBatch): CardAction[] => {
    const live = gift.status !== 'revoked' && gift.status !== 'deleted';
    const actions: CardAction[] = [
      {
        key: 'download',
        label: t('list.download'),
        icon: <DownlandOutline />,
        onClick: () => void download(gift).catch(() => undefined),
      },
      {
        key: 'print',
        label: t('list.print'),
        icon: <PictureOutline />,
        onClick: () => setPrinting({ id: gift.gift_id, open: true }),
      },
    ];
    if (live) {
      actions.push({
        key: 'revoke',
        label: t('list.revoke'),
        icon: <CloseCircleOutline />,
        tone: 'danger',
        onClick: () => void revoke(gift).catch(() => undefined),
      });
    } else if (gift.status === 'revoked') {
      actions.push({
        key: 'delete',
        label: t('list.delete'),
        icon: <DeleteOutline />,
        tone: 'danger',
        onClick: () => void remove(gift).catch(() => undefined),
      });
    }
    return actions;
  };

  return (
    <div className="page gift-page">
      <div className="gift-toolbar">
        <Button color="primary" onClick={openEditor}>
          <AddOutline aria-hidden="true" /> {t('list.add')}
        </Button>
      </div>
      <div role="group" aria-label={t('list.filter')}>
        <Selector<GiftCodeState | 'all'>
          className="choice-field gift-filter"
          columns={3}
          showCheckMark={false}
          options={[
            // Every batch but the deleted ones (they have their own state), as the list opens.
            { value: 'all', label: t('list.all') },
            ...GIFT_CODE_STATES.map((s) => ({ value: s, label: GIFT_STATE_LABELS[s][locale] })),
          ]}
          value={[status || 'all']}
          onChange={(picked) => {
            // Tapping the chosen state again shows every batch, as "All" does.
            const next = picked[0];
            setStatus(next === undefined || next === 'all' ? '' : next);
            setPage(1);
          }}
        />
      </div>
      {gifts.data && list.length > 0 ? (
        <p className="muted" aria-live="polite">
          {t('list.count', { count: gifts.data.count })}
        </p>
      ) : null}
      <ListState
        pending={gifts.isPending}
        failed={gifts.isError && !gifts.data}
        error={gifts.error}
        onRetry={() => void gifts.refetch()}
        empty={list.length === 0}
        emptyGuide={
          <div className="card">
            {status ? (
              <EmptyGuide description={t('list.noneInState')} />
            ) : (
              <EmptyGuide description={t('list.empty')} actionText={t('list.add')} onAction={openEditor} />
            )}
          </div>
        }
      >
        <ul className="card-list" aria-label={t('list.label')}>
          {list.map((gift) => (
            <li key={gift.gift_id} className="card gift-card" aria-label={gift.name}>
              <h3>
                {gift.name}
                <span className="gift-status" data-status={gift.status}>
                  {GIFT_STATE_LABELS[gift.status][locale]}
                </span>
              </h3>
              <ul className="gift-counts" aria-label={t('list.codes', { count: gift.quantity })}>
                {COUNT_ORDER.filter((k) => gift.counts[k] > 0).map((k) => (
                  <li key={k}>
                    {GIFT_STATE_LABELS[k][locale]} {gift.counts[k]}
                  </li>
                ))}
              </ul>
              <dl>
                <dt>{t('list.period')}</dt>
                <dd>
                  {gift.start_date} ~ {gift.end_date}
                </dd>
                <dt>{t('list.weekdays')}</dt>
                <dd>{weekdaysText(gift.weekdays, locale)}</dd>
                <dt>{t('list.gifts')}</dt>
                <dd>{gift.gifts.map((g) => g.goods_name).join(', ')}</dd>
                <dt>{label('device_sn')}</dt>
                <dd>{gift.device_sn.join(', ')}</dd>
                <dt>{t('list.points')}</dt>
                <dd>{gift.points}</dd>
                {gift.salesman ? (
                  <>
                    <dt>{t('list.salesman')}</dt>
                    <dd>{gift.salesman}</dd>
                  </>
                ) : null}
                {gift.note ? (
                  <>
                    <dt>{label('note')}</dt>
                    <dd>{gift.note}</dd>
                  </>
                ) : null}
                <dt>{t('list.created')}</dt>
                <dd>{stamp(gift.create_time)}</dd>
              </dl>
              <CardActions label={t('list.actions')} actions={actionsOf(gift)} />
            </li>
          ))}
        </ul>
        <Pagination
          current={page}
          total={gifts.data?.count ?? 0}
          pageSize={GIFT_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
      <section className="card" aria-labelledby="gift-how-title">
        <h2 id="gift-how-title" className="card-title">
          {t('list.label')}
        </h2>
        <p className="muted">{t('list.how')}</p>
      </section>
      {editor.opened ? (
        <GiftEditor key={editor.opened.key} visible={editor.opened.open} onClose={editor.close} />
      ) : null}
      {printing ? (
        <GiftPrint
          key={printing.id}
          visible={printing.open}
          giftId={printing.id}
          onClose={() => setPrinting((p) => (p ? { ...p, open: false } : p))}
        />
      ) : null}
    </div>
  );
}
