import type { ReactNode } from 'react';
import { Selector } from 'antd-mobile';
import { fieldAria } from './field';
import './choice-field.css';

interface ChoiceFieldProps<V extends string> {
  /** The id a Field's label points at; absent for a choice that stands alone (a list's filter). */
  id?: string;
  /** The name of a choice that stands alone, for screen readers. */
  label?: string;
  options: { value: V; label: string }[];
  value: V | '';
  onChange: (value: V | '') => void;
  /** Whether tapping the chosen option again clears it (optional fields). */
  clearable?: boolean;
  /** The Field's message: ties it to the group for a screen reader (with `id`). */
  error?: string | undefined;
  /** Options a row (default: all of up to three, else two). */
  columns?: number;
  /** What follows the chips inside the group: a hint for the choice, or the picker it opens. */
  children?: ReactNode;
}

/** A single choice among a few options, shown as chips (store mode, stock level, refund mode). */
export function ChoiceField<V extends string>({
  id,
  label,
  options,
  value,
  onChange,
  clearable,
  error,
  columns,
  children,
}: ChoiceFieldProps<V>) {
  return (
    <div id={id} role="group" aria-label={label} {...(id ? fieldAria(id, error) : {})}>
      <Selector<V>
        className="choice-field"
        columns={columns ?? (options.length > 3 ? 2 : options.length)}
        options={options}
        value={value ? [value] : []}
        showCheckMark={false}
        onChange={(picked) => {
          const next = picked[0];
          if (next !== undefined) onChange(next);
          else if (clearable) onChange('');
        }}
      />
      {children}
    </div>
  );
}
