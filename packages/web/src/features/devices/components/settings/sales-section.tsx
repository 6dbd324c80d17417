import { GAME_BLACKLIST_DAYS } from '@vendo/contract/constants';
import { DEFAULT_DEVICE_SETTINGS as D } from '@vendo/contract/device-protocol';
import { DIFFICULTY_LABELS } from '@vendo/contract/enums';
import { centsToYuan } from '@vendo/contract/money';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../../components/form/input-field';
import { currentLocale } from '../../../../i18n/i18n';
import { DifficultyField } from '../difficulty-field';
import { useRuleHints } from '../rule-hints';
import { SwitchRow } from './setting-rows';
import type { SettingsForm } from './use-settings-form';

/** How the machine sells and plays: price, shared game price and win rate, difficulty, the game blacklist. */
export function SalesSection({ form }: { form: SettingsForm }) {
  const { t } = useTranslation('deviceSheets');
  const locale = currentLocale();
  const rules = useRuleHints();
  const { values, errors, set } = form;
  return (
    <List mode="card" className="dv-form" header={t('settings.sales')}>
      <InputField
        id="set-price"
        label={t('settings.price')}
        required
        description={`${rules.price} ${t('settings.default', { value: centsToYuan(D.price) })}`}
        error={errors.price}
        extra={<span className="dv-unit">{t('yuan')}</span>}
        inputMode="decimal"
        value={values.price}
        onChange={set('price')}
        clearable={false}
      />
      <SwitchRow
        id="set-same-gp"
        label={t('settings.sameGp')}
        description={t('settings.sameGpHint')}
        checked={values.same_gp}
        onChange={set('same_gp')}
      />
      <SwitchRow
        id="set-same-pb"
        label={t('settings.samePb')}
        description={t('settings.samePbHint')}
        checked={values.same_pb}
        onChange={set('same_pb')}
      />
      <InputField
        id="set-probability"
        label={t('settings.probability')}
        description={rules.winRate}
        error={errors.probability}
        extra={<span className="dv-unit">%</span>}
        inputMode="numeric"
        value={values.probability}
        onChange={set('probability')}
        clearable={false}
      />
      <DifficultyField
        id="set-difficulty"
        label={t('settings.difficulty')}
        description={t('settings.default', { value: DIFFICULTY_LABELS[D.difficulty][locale] })}
        error={errors.difficulty}
        value={values.difficulty}
        onChange={set('difficulty')}
      />
      <SwitchRow
        id="set-game-black"
        label={t('settings.gameBlack')}
        description={t('settings.gameBlackHint', { days: GAME_BLACKLIST_DAYS })}
        checked={values.game_black}
        onChange={set('game_black')}
      />
    </List>
  );
}
