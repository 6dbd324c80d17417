import { DownFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { OptionPicker, type PickerOption } from '../picker/option-picker';
import './filter-picker.css';

interface FilterPickerProps {
  /** What is filtered: the picker's title, and what a screen reader hears before the choice. */
  label: string;
  options: readonly PickerOption[];
  value: string | null;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /** Highlights the chip: a filter that narrows the list. */
  active: boolean;
  disabled?: boolean;
  onChange: (value: string) => void;
}

/** A filter above a list: a chip showing the current choice, which opens a wheel of the choices. */
export function FilterPicker({
  label,
  options,
  value,
  placeholder,
  active,
  disabled,
  onChange,
}: FilterPickerProps) {
  const [open, setOpen] = useState(false);
  const chosen = options.find((option) => option.value === value)?.label;
  return (
    <>
      <button
        type="button"
        className="chip filter-chip"
        aria-haspopup="dialog"
        data-active={active}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        <span className="visually-hidden">{label}: </span>
        <span className="filter-chip-text">{chosen ?? placeholder}</span>
        <DownFill aria-hidden="true" />
      </button>
      <OptionPicker
        title={label}
        options={options}
        visible={open}
        value={value}
        onClose={() => setOpen(false)}
        onConfirm={onChange}
      />
    </>
  );
}
