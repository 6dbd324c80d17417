import type { Channel, Device, PushOutcome } from '@vendo/contract/api/devices';
import { DIFFICULTY_LABELS, SWITCH_STATE_LABELS } from '@vendo/contract/enums';
import { formatMoney } from '@vendo/contract/money';
import { Button } from 'antd-mobile';
import { EditSOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/dialog/confirm';
import { ListState } from '../../../components/list-state/list-state';
import { useOperGuard } from '../../../components/oper-pwd-keypad/use-oper-guard';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { useUserInfo } from '../../../lib/session';
import { useChannels } from '../api/get-channels';
import { usePutDownGoods } from '../api/put-down-goods';
import { useSetQuantity } from '../api/set-quantity';
import { canNumberShelves } from '../utils/access';
import { failureOf } from '../utils/outcome';
import { fillPercent } from '../utils/stock';
import { FailureStatus, PushStatus } from './push-status';
import { ShelfCountForm, ShelfNumbering } from './shelf-numbering';
import './sheet-texts';
import { ShelfForm } from './shelf-form';

type View = { kind: 'list' } | { kind: 'edit'; shelf: Channel } | { kind: 'numbering' } | { kind: 'count' };

type LastAction = { push: PushOutcome } | { failure: { title: string; rcode: number; msg: string } };

function ShelfRow({
  shelf,
  onEdit,
  onPutDown,
}: {
  shelf: Channel;
  onEdit: () => void;
  onPutDown: () => void;
}) {
  const { t } = useTranslation('deviceSheets');
  const locale = currentLocale();
  const state = shelf.enabled === 1 ? 'enabled' : 'disabled';
  return (
    <li className="dv-shelf" data-enabled={shelf.enabled}>
      <div className="dv-shelf-head">
        <span className="dv-shelf-no" aria-label={t('shelves.number', { n: shelf.channel_sn })}>
          {shelf.channel_sn}
        </span>
        <h4 className="dv-shelf-name">
          {shelf.name || <span className="muted">{t('shelves.unnamed')}</span>}
        </h4>
        <span className="dv-badge" data-state={state}>
          {SWITCH_STATE_LABELS[state][locale]}
        </span>
      </div>
      <p className="dv-shelf-line">
        {shelf.goods ? (
          <span className="dv-shelf-goods">{shelf.goods.goods_name}</span>
        ) : (
          <span className="muted">{t('shelves.noGoods')}</span>
        )}
        <span>
          {t('shelves.priceLine', {
            price: formatMoney(shelf.price, locale),
            game: formatMoney(shelf.game_price, locale),
          })}
        </span>
      </p>
      <div
        className="dv-fill"
        aria-label={t('shelves.stockOf', { quantity: shelf.quantity, capacity: shelf.capacity })}
      >
        <span className="dv-fill-bar" aria-hidden="true">
          <span style={{ width: `${fillPercent(shelf.quantity, shelf.capacity)}%` }} />
        </span>
        <span className="dv-fill-text">
          {shelf.quantity}/{shelf.capacity}
        </span>
      </div>
      {shelf.status !== 0 && shelf.status_text ? (
        <p className="dv-shelf-fault" role="note">
          {t('shelves.fault', { fault: shelf.status_text })}
        </p>
      ) : null}
      <div className="dv-shelf-foot">
        <span className="muted">
          {t('shelves.gameLine', {
            rate: shelf.probability,
            difficulty: DIFFICULTY_LABELS[shelf.difficulty][locale],
          })}
        </span>
        {shelf.goods ? (
          <Button size="mini" fill="none" color="danger" onClick={onPutDown}>
            {t('shelves.putDown')}
          </Button>
        ) : null}
        <Button
          size="mini"
          fill="outline"
          color="primary"
          onClick={onEdit}
          aria-label={t('shelves.editN', { n: shelf.channel_sn })}
        >
          <EditSOutline aria-hidden="true" /> {t('shelves.edit')}
        </Button>
      </div>
    </li>
  );
}

/**
 * The shelves of one machine (spec §3 Channel, §5 shelf rules): each with its goods, prices, stock, win rate and
 * switch; editing one, filling or emptying all, taking goods off, and (1034) their numbers and count.
 */
function Shelves({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation('deviceSheets');
  const user = useUserInfo();
  const channels = useChannels(device.sn);
  const setQuantity = useSetQuantity();
  const putDown = usePutDownGoods();
  const guard = useOperGuard();
  const [view, setView] = useState<View>({ kind: 'list' });
  const [last, setLast] = useState<LastAction | null>(null);
  const shelves = channels.data?.data ?? [];
  const numbering = user ? canNumberShelves(user) : false;

  const report = (push: PushOutcome) => setLast({ push });
  const fail = (title: string, error: unknown) => setLast({ failure: { title, ...failureOf(error) } });

  const fillAll = async (type: 0 | 1) => {
    const ok = await confirmAction({
      title: type === 1 ? t('shelves.fillAll') : t('shelves.emptyAll'),
      content: type === 1 ? t('shelves.fillAllText') : t('shelves.emptyAllText'),
      confirmText: type === 1 ? t('shelves.fillAll') : t('shelves.emptyAll'),
      danger: type === 0,
    });
    if (!ok) return;
    try {
      const answer = await setQuantity.mutateAsync({ sn: device.sn, type });
      report(answer.push);
      toast(t('saved'), { icon: 'success' });
    } catch (error) {
      fail(t('shelves.failed'), error);
    }
  };

  const takeOff = async (shelf: Channel) => {
    const ok = await confirmAction({
      title: t('shelves.putDown'),
      content: t('shelves.putDownText', { n: shelf.channel_sn, name: shelf.goods?.goods_name ?? '' }),
      confirmText: t('shelves.putDown'),
      danger: true,
    });
    if (!ok) return;
    try {
      const answer = await putDown.mutateAsync({ sn: device.sn, channel_sn: shelf.channel_sn });
      report(answer.push);
      toast(t('saved'), { icon: 'success' });
    } catch (error) {
      fail(t('shelves.failed'), error);
    }
  };

  const back = () => setView({ kind: 'list' });
  const subtitle = `${device.title || t('notSet')} · ${device.sn}`;

  if (view.kind === 'edit') {
    return (
      <ShelfForm
        sn={device.sn}
        shelf={view.shelf}
        subtitle={subtitle}
        onBack={back}
        onClose={onClose}
        onSaved={(push) => {
          report(push);
          back();
        }}
      />
    );
  }
  if (view.kind === 'numbering' || view.kind === 'count') {
    const Form = view.kind === 'numbering' ? ShelfNumbering : ShelfCountForm;
    return (
      <>
        <Form
          sn={device.sn}
          count={shelves.length}
          subtitle={subtitle}
          guard={guard}
          onBack={back}
          onClose={onClose}
          onSaved={(push) => {
            report(push);
            back();
          }}
        />
        {guard.popup}
      </>
    );
  }

  const status = last ? (
    'push' in last ? (
      <PushStatus push={last.push} what="shelves" />
    ) : (
      <FailureStatus {...last.failure} />
    )
  ) : null;

  return (
    <SheetFrame title={t('shelves.title')} onClose={onClose} tall>
      <p className="dv-subtitle">{subtitle}</p>
      <div className="dv-shelf-toolbar">
        <Button
          size="small"
          fill="outline"
          loading={setQuantity.isPending && setQuantity.variables?.type === 1}
          onClick={() => void fillAll(1)}
        >
          {t('shelves.fillAll')}
        </Button>
        <Button
          size="small"
          fill="outline"
          loading={setQuantity.isPending && setQuantity.variables?.type === 0}
          onClick={() => void fillAll(0)}
        >
          {t('shelves.emptyAll')}
        </Button>
        {numbering ? (
          <>
            <Button size="small" fill="outline" onClick={() => setView({ kind: 'numbering' })}>
              {t('shelves.numbering')}
            </Button>
            <Button size="small" fill="outline" onClick={() => setView({ kind: 'count' })}>
              {t('shelves.count')}
            </Button>
          </>
        ) : null}
      </div>
      {status ? <div className="dv-sheet-status">{status}</div> : null}
      <ListState
        pending={channels.isPending}
        failed={channels.isError && !channels.data}
        error={channels.error}
        onRetry={() => void channels.refetch()}
      >
        <p className="muted dv-shelf-summary">{t('shelves.summary', { count: shelves.length })}</p>
        <ul className="dv-shelves">
          {shelves.map((shelf) => (
            <ShelfRow
              key={shelf.id}
              shelf={shelf}
              onEdit={() => setView({ kind: 'edit', shelf })}
              onPutDown={() => void takeOff(shelf)}
            />
          ))}
        </ul>
      </ListState>
    </SheetFrame>
  );
}

export const ShelvesSheet = inSheet(Shelves);
