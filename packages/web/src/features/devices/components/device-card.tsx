import type { Device } from '@vendo/contract/api/devices';
import { DEVICE_TYPE_LABELS, ONLINE_STATE_LABELS, onlineState } from '@vendo/contract/enums';
import { CloseCircleOutline, InformationCircleOutline, PlayOutline, SendOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/format';
import type { ControlEntry } from '../utils/access';
import { CardActions, type CardAction } from '../../../components/card-actions/card-actions';
import { InventoryIcon, PayoutCardIcon, PlaceIcon, SettingsIcon, ShelvesIcon, SplitIcon } from './icons';
import { SignalBars } from './signal-bars';

export type DeviceAction =
  'unbind' | 'remote' | 'test' | 'settings' | 'shelves' | 'inventory' | 'payout' | 'split' | 'info';

interface DeviceCardProps {
  device: Device;
  canUnbind: boolean;
  /** Bank cards (1029): may set the machine's payout card. */
  canSetPayout: boolean;
  control: ControlEntry;
  onAction: (action: DeviceAction, device: Device) => void;
}

/** A device card (spec §2): name ("not set" when empty), type, presence with signal bars, place, actions. */
export function DeviceCard({ device, canUnbind, canSetPayout, control, onAction }: DeviceCardProps) {
  const { t } = useTranslation('devices');
  const locale = currentLocale();
  const state = onlineState(device.alive);
  const name = device.title || t('notSet');
  const place = [device.area?.area_name, device.store?.store_name].filter(Boolean).join(' / ');
  const act = (action: DeviceAction) => () => onAction(action, device);

  const actions: CardAction[] = [
    ...(canUnbind
      ? [
          {
            key: 'unbind',
            label: t('card.unbind'),
            icon: <CloseCircleOutline />,
            tone: 'danger' as const,
            onClick: act('unbind'),
          },
        ]
      : []),
    ...(control === 'remote'
      ? [{ key: 'remote', label: t('card.remote'), icon: <SendOutline />, onClick: act('remote') }]
      : control === 'test'
        ? [{ key: 'test', label: t('card.test'), icon: <PlayOutline />, onClick: act('test') }]
        : []),
    { key: 'settings', label: t('card.settings'), icon: <SettingsIcon />, onClick: act('settings') },
    {
      key: 'shelves',
      label: t('card.shelves'),
      icon: <ShelvesIcon />,
      tone: 'primary',
      onClick: act('shelves'),
    },
    { key: 'inventory', label: t('card.inventory'), icon: <InventoryIcon />, onClick: act('inventory') },
    ...(canSetPayout
      ? [
          { key: 'payout', label: t('card.payout'), icon: <PayoutCardIcon />, onClick: act('payout') },
          { key: 'split', label: t('card.split'), icon: <SplitIcon />, onClick: act('split') },
        ]
      : []),
  ];

  return (
    <li className="card dv-card" data-alive={device.alive}>
      <div className="dv-card-head">
        <h3 className="dv-card-title" data-unset={device.title === ''}>
          {name}
        </h3>
        <div className="dv-card-state">
          <span className="dv-presence" data-state={state}>
            {ONLINE_STATE_LABELS[state][locale]}
          </span>
          <SignalBars alive={device.alive} rssi={device.rssi} />
          <button
            type="button"
            className="icon-button dv-info-button"
            aria-label={t('card.infoFor', { name })}
            onClick={act('info')}
          >
            <InformationCircleOutline />
          </button>
        </div>
      </div>
      <p className="dv-card-line">
        <span className="dv-sn">{device.sn}</span>
        <span className="tag dv-type">{DEVICE_TYPE_LABELS[device.type][locale]}</span>
      </p>
      <p className="dv-card-line dv-card-place">
        <PlaceIcon label={t('card.place')} />
        {place ? <span>{place}</span> : <span className="muted">{t('card.noStore')}</span>}
      </p>
      <p className="dv-card-line muted" data-testid="payout-card">
        {device.merchant_detail
          ? t('card.payoutOf', {
              card: `${device.merchant_detail.acct_name} ${device.merchant_detail.acct_no_encry}`,
            })
          : t('card.noPayout')}
      </p>
      {device.bank_split_detail ? (
        <p className="dv-card-line muted" data-testid="split" data-on={device.is_bank_split === 1}>
          {t(device.is_bank_split === 1 ? 'card.splitOn' : 'card.splitOff', {
            name: device.bank_split_detail.bank_split_name,
          })}
        </p>
      ) : null}
      {device.alive === 0 && device.offline_at !== null ? (
        <p className="dv-card-line muted">
          {t('card.offlineSince', { time: formatDateTime(device.offline_at) })}
        </p>
      ) : null}
      <CardActions label={t('card.actionsFor', { name })} actions={actions} />
    </li>
  );
}
