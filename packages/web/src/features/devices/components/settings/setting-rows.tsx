import { SETTING_RANGES, type SettingRange } from '@vendo/contract/device-protocol';
import { List, Switch } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../sheet-texts';

/** A switch row: the label, what it does, and the switch. */
export function SwitchRow({
  id,
  label,
  description,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <List.Item
      className="field dv-field"
      description={description}
      extra={<Switch checked={checked} onChange={onChange} aria-labelledby={`${id}-label`} />}
      arrowIcon={false}
    >
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
    </List.Item>
  );
}

/** "From {min} to {max}" of a whole-number setting, from the contract's range. */
export function useRangeHint() {
  const { t } = useTranslation('deviceSheets');
  return (name: SettingRange) => {
    const [min, max] = SETTING_RANGES[name];
    return t('settings.rangeHint', { min, max });
  };
}
