import { signalBars } from '@vendo/contract/enums';
import { useTranslation } from 'react-i18next';

const HEIGHTS = [6, 10, 14] as const;

/**
 * Signal bars of a device card (spec §4): none lit when offline; by rssi under 11 one, under 21 two, under 32
 * three; a modem reporting 99 (unknown) lights none.
 */
export function SignalBars({ alive, rssi }: { alive: number; rssi: number }) {
  const { t } = useTranslation('devices');
  const bars = signalBars(alive, rssi);
  const label = alive === 0 ? t('signal.off') : t('signal.bars', { count: bars });
  return (
    <span className="dv-signal" role="img" aria-label={label} data-bars={bars} title={label}>
      <svg width="20" height="16" viewBox="0 0 20 16" aria-hidden="true" focusable="false">
        {HEIGHTS.map((h, i) => (
          <rect
            key={h}
            x={2 + i * 6}
            y={15 - h}
            width="4"
            height={h}
            rx="1"
            className={i < bars ? 'dv-signal-on' : 'dv-signal-off'}
          />
        ))}
      </svg>
    </span>
  );
}
