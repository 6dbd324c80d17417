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
  /**
   * Chips as wide as their labels instead of columns of one width: a label never breaks ('All online payments'
   * beside two short ones); a chip that does not fit starts the next row.
   */
  fit?: boolean;
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
  fit,
  children,
}: ChoiceFieldProps<V>) {
  return (
    <div id={id} role="group" aria-label={label} {...(id ? fieldAria(id, error) : {})}>
      <Selector<V>
        className={fit ? 'choice-field choice-field-fit' : 'choice-field'}
        columns={fit ? undefined : (columns ?? (options.length > 3 ? 2 : options.length))}
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
