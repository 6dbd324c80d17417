export interface SegmentOption<K extends string> {
  key: K;
  title: string;
}

interface SegmentedProps<K extends string> {
  /** What is chosen (read before the choices by screen readers). */
  label: string;
  options: readonly SegmentOption<K>[];
  value: K;
  onChange: (key: K) => void;
}

/** A small two- or three-way switch inside a card (by amount / by volume, by day / by hour). */
export function Segmented<K extends string>({ label, options, value, onChange }: SegmentedProps<K>) {
  return (
    <div className="an-segmented" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          role="radio"
          aria-checked={option.key === value}
          onClick={() => option.key !== value && onChange(option.key)}
        >
          {option.title}
        </button>
      ))}
    </div>
  );
}
