import { Selector } from 'antd-mobile';
import './choice-field.css';

/**
 * Chosen stores, goods or machines as chips (two columns, several at once), or a line saying there are none to
 * choose. The coupon editor's scope and the advertisement editor's use it.
 */
export function ScopeChoices(props: {
  label: string;
  empty: string | null;
  options: { id: number | string; name: string }[];
  value: (number | string)[];
  onChange: (ids: string[]) => void;
  className?: string;
}) {
  if (props.empty) return <p className="muted">{props.empty}</p>;
  return (
    <Selector<string>
      className={`choice-field scope-choices ${props.className ?? ''}`.trim()}
      aria-label={props.label}
      columns={2}
      multiple
      showCheckMark={false}
      options={props.options.map((o) => ({ value: String(o.id), label: o.name }))}
      value={props.value.map(String)}
      onChange={props.onChange}
    />
  );
}
