import { MAX_CUSTOM_PARAMS, SETTING_TEXT_MAX } from '@vendo/contract/device-protocol';
import { useTranslation } from 'react-i18next';
import { RemoveRowButton, RowErrors, RowsCard } from './rows-card';
import type { SettingsForm } from './use-settings-form';

/** Custom parameters passed to the machine as they are: a name, a value and a note each. */
export function ParamsSection({ form }: { form: SettingsForm }) {
  const { t } = useTranslation('deviceSheets');
  const { values, errors, setRow, addRow, removeRow } = form;
  return (
    <RowsCard
      id="set-params-title"
      title={t('settings.params')}
      addLabel={t('settings.addParam')}
      canAdd={values.extend.length < MAX_CUSTOM_PARAMS}
      onAdd={() => addRow('extend', { key: '', value: '', note: '' })}
      hint={t('settings.paramsHint')}
      emptyText={values.extend.length === 0 ? t('settings.noParams') : null}
    >
      {values.extend.map((row, i) => {
        const rowErrors = [
          errors[`extend.${i}.key`],
          errors[`extend.${i}.value`],
          errors[`extend.${i}.note`],
        ];
        return (
          <li key={i} className="dv-row dv-param">
            <label className="dv-row-cell">
              <span>{t('settings.paramKey')}</span>
              <input
                className="dv-native dv-box"
                value={row.key}
                maxLength={SETTING_TEXT_MAX.paramKey}
                onChange={(event) => setRow('extend', i, { key: event.target.value })}
                aria-invalid={rowErrors[0] ? true : undefined}
              />
            </label>
            <label className="dv-row-cell">
              <span>{t('settings.paramValue')}</span>
              <input
                className="dv-native dv-box"
                value={row.value}
                maxLength={SETTING_TEXT_MAX.paramValue}
                onChange={(event) => setRow('extend', i, { value: event.target.value })}
              />
            </label>
            <RemoveRowButton
              label={t('settings.removeParam', { n: i + 1 })}
              onRemove={() => removeRow('extend', i)}
            />
            <label className="dv-row-cell dv-row-wide">
              <span>{t('settings.paramNote')}</span>
              <input
                className="dv-native dv-box"
                value={row.note}
                maxLength={SETTING_TEXT_MAX.paramNote}
                onChange={(event) => setRow('extend', i, { note: event.target.value })}
              />
            </label>
            <RowErrors errors={rowErrors} />
          </li>
        );
      })}
    </RowsCard>
  );
}
