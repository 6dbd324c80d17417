import type { Device } from '@vendo/contract/api/devices';
import { SETTING_RANGES } from '@vendo/contract/device-protocol';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../../../components/form/use-form';
import { currentLocale } from '../../../../i18n/i18n';
import type { OperSign } from '../../../../components/oper-pwd-keypad/use-oper-guard';
import { useSwitchLed } from '../../api/switch-led';
import { lampColorName, LampSwatches } from '../lamp-swatches';
import { ResultLine, Section } from './remote-parts';
import type { RemoteCalls } from './use-remote-calls';

/** The lamp now: on in a colour and brightness (kept as the machine's settings), or off. */
export function LampSection({ device, sign, calls }: { device: Device; sign: OperSign; calls: RemoteCalls }) {
  const { t } = useTranslation('deviceSheets');
  const lamp = useSwitchLed();
  const { values, set } = useForm({
    color: device.detail.lamp_color,
    brightness: device.detail.lamp_brightness,
  });
  const [minBrightness, maxBrightness] = SETTING_RANGES.lamp_brightness;

  const sendLamp = (setting: 'on' | 'off') => {
    const body = {
      sn: device.sn,
      setting,
      attach: setting === 'on' ? { color: values.color, brightness: values.brightness } : {},
      sign,
    };
    return calls.run(
      'lamp',
      '/d/switchLED',
      body,
      () => lamp.mutateAsync(body),
      (a) =>
        a.lamp_ctrl === 1
          ? t('remote.lampOn', { color: lampColorName(a.lamp_color, currentLocale()) })
          : t('remote.lampOff'),
    );
  };

  return (
    <Section title={t('remote.lamp')}>
      <LampSwatches value={values.color} onChange={set('color')} label={t('settings.lampColor')} />
      <label className="dv-range">
        <span>{t('settings.lampBrightness')}</span>
        <input
          type="range"
          min={minBrightness}
          max={maxBrightness}
          value={values.brightness}
          onChange={(e) => set('brightness')(Number(e.target.value))}
        />
        <output>{values.brightness}</output>
      </label>
      <div className="dv-button-grid dv-two">
        <Button
          color="primary"
          loading={lamp.isPending && lamp.variables?.setting === 'on'}
          onClick={() => void sendLamp('on')}
        >
          {t('remote.lampOnButton')}
        </Button>
        <Button
          fill="outline"
          loading={lamp.isPending && lamp.variables?.setting === 'off'}
          onClick={() => void sendLamp('off')}
        >
          {t('remote.lampOffButton')}
        </Button>
      </div>
      <ResultLine result={calls.results.lamp} />
    </Section>
  );
}
