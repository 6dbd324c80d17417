import { Picker } from 'antd-mobile';
import type { OptionPickerProps } from './option-picker';

/** The wheel itself, in its own chunk (see OptionPicker). */
export function OptionWheel({
  visible,
  title,
  options,
  value,
  loading,
  onConfirm,
  onClose,
}: OptionPickerProps) {
  return (
    <Picker
      title={title}
      columns={[[...options]]}
      visible={visible}
      loading={loading}
      value={value === null ? [] : [value]}
      onClose={onClose}
      onConfirm={(picked) => {
        const chosen = picked[0];
        if (chosen !== undefined && chosen !== null) onConfirm(String(chosen));
      }}
    />
  );
}
