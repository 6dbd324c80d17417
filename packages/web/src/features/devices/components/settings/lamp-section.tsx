import { SETTING_RANGES } from '@vendo/contract/device-protocol';
import { LAMP_COLOR_LABELS } from '@vendo/contract/enums';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../components/form/field';
import { InputField } from '../../../../components/form/input-field';
import { currentLocale } from '../../../../i18n/i18n';
import { isNamedLampColor, LampSwatches } from '../lamp-swatches';
import { SwitchRow, useRangeHint } from './setting-rows';
import type { SettingsForm } from './use-settings-form';

/** The lamp: on or off, its colour, brightness and how long it waits. */
export function LampSection({ form }: { form: SettingsForm }) {
  const { t } = useTranslation('deviceSheets');
  const locale = currentLocale();
  const rangeHint = useRangeHint();
  const { values, errors, set } = form;
  const [minBrightness, maxBrightness] = SETTING_RANGES.lamp_brightness;
  return (
    <List mode="card" className="dv-form" header={t('settings.lamp')}>
      <SwitchRow
        id="set-lamp-ctrl"
        label={t('settings.lampCtrl')}
        checked={values.lamp_ctrl}
        onChange={set('lamp_ctrl')}
      />
      <List.Item
        className="field dv-field"
        description={
          t('settings.default', { value: LAMP_COLOR_LABELS.blue[locale] }) +
          (isNamedLampColor(values.lamp_color)
            ? ''
            : ` · ${t('settings.customColor', { value: values.lamp_color })}`)
        }
        arrowIcon={false}
      >
        <span className="field-label" id="set-lamp-color-label">
          {t('settings.lampColor')}
        </span>
        <LampSwatches
          value={values.lamp_color}
          onChange={set('lamp_color')}
          labelledBy="set-lamp-color-label"
        />
      </List.Item>
      <Field
        id="set-lamp-brightness"
        label={t('settings.lampBrightness')}
        description={rangeHint('lamp_brightness')}
        error={errors.lamp_brightness}
      >
        <div className="dv-range">
          <input
            id="set-lamp-brightness"
            type="range"
            min={minBrightness}
            max={maxBrightness}
            value={Number(values.lamp_brightness) || 0}
            onChange={(event) => set('lamp_brightness')(event.target.value)}
          />
          <output htmlFor="set-lamp-brightness">{values.lamp_brightness}</output>
        </div>
      </Field>
      <InputField
        id="set-lamp-wait"
        label={t('settings.lampWait')}
        description={rangeHint('lamp_wait')}
        error={errors['lamp_style.wait']}
        extra={<span className="dv-unit">{t('seconds')}</span>}
        inputMode="numeric"
        value={values.lamp_wait}
        onChange={set('lamp_wait')}
        clearable={false}
      />
    </List>
  );
}
