import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../../components/form/input-field';
import type { SettingsForm } from './use-settings-form';

/** Stock: the low-stock alert threshold and the cool-down between remote dispenses. */
export function StockSection({ form }: { form: SettingsForm }) {
  const { t } = useTranslation('deviceSheets');
  const { values, errors, set } = form;
  return (
    <List mode="card" className="dv-form" header={t('settings.stock')}>
      <InputField
        id="set-threshold"
        label={t('settings.threshold')}
        description={t('settings.thresholdHint')}
        error={errors.stock_notify_threshold}
        inputMode="numeric"
        value={values.stock_notify_threshold}
        onChange={set('stock_notify_threshold')}
        clearable={false}
      />
      <InputField
        id="set-cool-down"
        label={t('settings.coolDown')}
        description={t('settings.coolDownHint')}
        error={errors.cool_down}
        extra={<span className="dv-unit">{t('seconds')}</span>}
        inputMode="numeric"
        value={values.cool_down}
        onChange={set('cool_down')}
        clearable={false}
      />
    </List>
  );
}
