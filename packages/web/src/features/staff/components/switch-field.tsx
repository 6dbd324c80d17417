import { Switch } from 'antd-mobile';
import { Field } from '../../../components/form/field';

/** A labelled on/off row of the staff form. */
export function SwitchField({
  id,
  label,
  description,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  description?: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Field
      id={id}
      label={label}
      description={description}
      extra={<Switch checked={checked} onChange={onChange} aria-label={label} />}
    >
      {null}
    </Field>
  );
}
