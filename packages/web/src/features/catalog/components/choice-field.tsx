import { Selector } from 'antd-mobile';

interface ChoiceFieldProps<V extends string> {
  id: string;
  options: { value: V; label: string }[];
  value: V | '';
  onChange: (value: V | '') => void;
  /** Whether tapping the chosen option again clears it (optional fields). */
  clearable?: boolean;
}

/** A single choice among a few options, shown as chips (store mode, cooperation, refund mode). */
export function ChoiceField<V extends string>({
  id,
  options,
  value,
  onChange,
  clearable,
}: ChoiceFieldProps<V>) {
  return (
    <div id={id} role="group">
      <Selector<V>
        className="choice-field"
        columns={options.length > 3 ? 2 : options.length}
        options={options}
        value={value ? [value] : []}
        showCheckMark={false}
        onChange={(picked) => {
          const next = picked[0];
          if (next !== undefined) onChange(next);
          else if (clearable) onChange('');
        }}
      />
    </div>
  );
}
