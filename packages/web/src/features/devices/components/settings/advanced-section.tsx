import { DEFAULT_DEVICE_SETTINGS as D, SETTING_TEXT_MAX } from '@vendo/contract/device-protocol';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../../components/form/input-field';
import { useRangeHint } from './setting-rows';
import type { SettingsForm } from './use-settings-form';

/** The machine's modes and its shelf columns, each with its rule and default. */
export function AdvancedSection({ form }: { form: SettingsForm }) {
  const { t } = useTranslation('deviceSheets');
  const rangeHint = useRangeHint();
  const { values, errors, set } = form;
  return (
    <List mode="card" className="dv-form" header={t('settings.advanced')}>
      <InputField
        id="set-buy-mode"
        label={t('settings.buyMode')}
        description={`${t('rules.mode')} ${t('settings.default', { value: D.buy_mode })}`}
        error={errors.buy_mode}
        value={values.buy_mode}
        onChange={set('buy_mode')}
        maxLength={SETTING_TEXT_MAX.mode}
        clearable={false}
      />
      <InputField
        id="set-ad-mode"
        label={t('settings.adMode')}
        description={`${t('rules.mode')} ${t('settings.default', { value: D.ad_mode })}`}
        error={errors.ad_mode}
        value={values.ad_mode}
        onChange={set('ad_mode')}
        maxLength={SETTING_TEXT_MAX.mode}
        clearable={false}
      />
      <InputField
        id="set-game-mode"
        label={t('settings.gameMode')}
        description={`${rangeHint('game_mode')} ${t('settings.default', { value: D.game_mode })}`}
        error={errors.game_mode}
        inputMode="numeric"
        value={values.game_mode}
        onChange={set('game_mode')}
        clearable={false}
      />
      <InputField
        id="set-channel-x"
        label={t('settings.channelX')}
        description={`${rangeHint('channel_x')} ${t('settings.default', { value: D.channel_x })}`}
        error={errors.channel_x}
        inputMode="numeric"
        value={values.channel_x}
        onChange={set('channel_x')}
        clearable={false}
      />
    </List>
  );
}
