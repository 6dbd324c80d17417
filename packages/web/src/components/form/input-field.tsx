import { Input, type InputProps } from 'antd-mobile';
import { Field, fieldAria, splitFieldProps, type FieldLabelProps } from './field';

interface InputFieldProps extends FieldLabelProps, Omit<InputProps, 'id' | 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/** A labelled one-line text input with its message: a Field around antd-mobile's Input, clearable by default. */
export function InputField(props: InputFieldProps) {
  const { row, control } = splitFieldProps(props);
  return (
    <Field {...row}>
      <Input clearable {...control} id={row.id} {...fieldAria(row.id, row.error)} />
    </Field>
  );
}
