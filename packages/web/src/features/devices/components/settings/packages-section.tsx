import { MAX_GAME_PACKAGES } from '@vendo/contract/device-protocol';
import { useTranslation } from 'react-i18next';
import { RemoveRowButton, RowErrors, RowsCard } from './rows-card';
import type { SettingsForm } from './use-settings-form';

/** Game packages: so many plays for a price, up to the contract's count. */
export function PackagesSection({ form }: { form: SettingsForm }) {
  const { t } = useTranslation('deviceSheets');
  const { values, errors, setRow, addRow, removeRow } = form;
  return (
    <RowsCard
      id="set-packages-title"
      title={t('settings.packages')}
      addLabel={t('settings.addPackage')}
      canAdd={values.game_package.length < MAX_GAME_PACKAGES}
      onAdd={() => addRow('game_package', { plays: '1', price: '' })}
      hint={t('settings.packagesHint', { max: MAX_GAME_PACKAGES })}
      emptyText={values.game_package.length === 0 ? t('settings.noPackages') : null}
    >
      {values.game_package.map((row, i) => {
        const playsError = errors[`game_package.${i}.plays`];
        const priceError = errors[`game_package.${i}.price`];
        return (
          <li key={i} className="dv-row">
            <label className="dv-row-cell">
              <span>{t('settings.plays')}</span>
              <input
                className="dv-native dv-box"
                inputMode="numeric"
                value={row.plays}
                onChange={(event) => setRow('game_package', i, { plays: event.target.value })}
                aria-invalid={playsError ? true : undefined}
              />
            </label>
            <label className="dv-row-cell">
              <span>{t('settings.packagePrice')}</span>
              <input
                className="dv-native dv-box"
                inputMode="decimal"
                value={row.price}
                onChange={(event) => setRow('game_package', i, { price: event.target.value })}
                aria-invalid={priceError ? true : undefined}
              />
            </label>
            <RemoveRowButton
              label={t('settings.removePackage', { n: i + 1 })}
              onRemove={() => removeRow('game_package', i)}
            />
            <RowErrors errors={[playsError, priceError]} />
          </li>
        );
      })}
    </RowsCard>
  );
}
