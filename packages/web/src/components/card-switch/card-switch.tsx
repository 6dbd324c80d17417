import { Switch } from 'antd-mobile';

interface CardSwitchProps {
  /** Unique on the page: the switch is named by its label through it. */
  id: string;
  label: string;
  checked: boolean;
  loading?: boolean;
  onChange: (on: boolean) => void;
}

/** An on/off setting of a card with its label beside it (styles/list-page.css .entity-switch). */
export function CardSwitch({ id, label, checked, loading, onChange }: CardSwitchProps) {
  return (
    <div className="entity-switch">
      <span id={id}>{label}</span>
      <Switch checked={checked} loading={loading} onChange={onChange} aria-labelledby={id} />
    </div>
  );
}
