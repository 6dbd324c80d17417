import { LeftOutline } from 'antd-mobile-icons';

/** Back from a step inside a sheet (editing one shelf, picking goods) to where it was opened from. */
export function BackLink({ label, onBack }: { label: string; onBack: () => void }) {
  return (
    <button type="button" className="text-button dv-back" onClick={onBack}>
      <LeftOutline aria-hidden="true" /> {label}
    </button>
  );
}
