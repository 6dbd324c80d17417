import { Input, type InputProps, type InputRef } from 'antd-mobile';
import { Field, splitFieldProps, useNativeFieldAria, type FieldLabelProps } from './field';

interface InputFieldProps extends FieldLabelProps, Omit<InputProps, 'id' | 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/** A labelled one-line text input with its message: a Field around antd-mobile's Input, clearable by default. */
export function InputField(props: InputFieldProps) {
  const { row, control } = splitFieldProps(props);
  const ref = useNativeFieldAria<InputRef>(row.id, row.error);
  return (
    <Field {...row}>
      <Input clearable {...control} id={row.id} ref={ref} />
    </Field>
  );
}
