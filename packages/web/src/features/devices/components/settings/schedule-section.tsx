import { DEFAULT_DEVICE_SETTINGS as D } from '@vendo/contract/device-protocol';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Field, fieldAria } from '../../../../components/form/field';
import { TimeField } from '../../../../components/time-field/time-field';
import { SwitchRow } from './setting-rows';
import type { SettingsForm } from './use-settings-form';

/** Scheduled power: the switch and the times the machine turns on and off. */
export function ScheduleSection({ form }: { form: SettingsForm }) {
  const { t } = useTranslation('deviceSheets');
  const { values, errors, set } = form;
  return (
    <List mode="card" className="dv-form" header={t('settings.schedule')}>
      <SwitchRow
        id="set-power-ctrl"
        label={t('settings.powerCtrl')}
        description={t('settings.powerCtrlHint')}
        checked={values.power_ctrl}
        onChange={set('power_ctrl')}
      />
      {(['power_on', 'power_off'] as const).map((name) => {
        const id = name === 'power_on' ? 'set-power-on' : 'set-power-off';
        return (
          <Field
            key={name}
            id={id}
            label={t(name === 'power_on' ? 'settings.powerOn' : 'settings.powerOff')}
            description={t('settings.default', { value: D[name] })}
            error={errors[name]}
          >
            <TimeField
              id={id}
              title={t(name === 'power_on' ? 'settings.powerOn' : 'settings.powerOff')}
              value={values[name]}
              onChange={set(name)}
              ariaProps={fieldAria(id, errors[name])}
            />
          </Field>
        );
      })}
    </List>
  );
}
