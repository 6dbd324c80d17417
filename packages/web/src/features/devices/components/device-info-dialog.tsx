import type { Device } from '@vendo/contract/api/devices';
import { DEVICE_TYPE_LABELS, SIGNAL_RANGE_LABELS, signalRange } from '@vendo/contract/enums';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialog/app-dialog';
import { currentLocale } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/format';
import { DetailList } from '../../../components/detail-list/detail-list';

/**
 * The info dialog of spec §2: IMEI, app version, signal (0 when offline), device type, the Android version of
 * lucky-bag machines and, when offline, since when.
 */
interface DeviceInfoDialogProps {
  /** Kept while the dialog closes, so its content does not vanish mid-animation. */
  device: Device | null;
  visible: boolean;
  onClose: () => void;
}

export function DeviceInfoDialog({ device, visible, onClose }: DeviceInfoDialogProps) {
  const { t } = useTranslation('devices');
  const locale = currentLocale();
  const unknown = <span className="muted">{t('info.unknown')}</span>;
  const rows: [string, ReactNode][] = device
    ? [
        [t('info.sn'), device.sn],
        [t('info.type'), DEVICE_TYPE_LABELS[device.type][locale]],
        [t('info.imei'), device.imei || unknown],
        [t('info.version'), device.version || unknown],
        [t('info.mversion'), device.mversion || unknown],
        [
          t('info.signal'),
          device.alive === 0
            ? t('info.signalOffline')
            : `${device.signal} · ${SIGNAL_RANGE_LABELS[signalRange(device.signal)][locale]}`,
        ],
        ...(device.type === 'fdj'
          ? ([[t('info.android'), device.android_version || unknown]] as [string, ReactNode][])
          : []),
        ...(device.alive === 0
          ? ([
              [t('info.offlineAt'), device.offline_at !== null ? formatDateTime(device.offline_at) : unknown],
            ] as [string, ReactNode][])
          : []),
      ]
    : [];
  return (
    <AppDialog
      visible={visible && device !== null}
      onClose={onClose}
      closeOnMaskClick
      title={device ? device.title || t('notSet') : ''}
      content={<DetailList className="dv-info" rows={rows} />}
    />
  );
}
