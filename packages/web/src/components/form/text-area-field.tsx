import { TextArea, type TextAreaProps, type TextAreaRef } from 'antd-mobile';
import { Field, splitFieldProps, useNativeFieldAria, type FieldLabelProps } from './field';

interface TextAreaFieldProps extends FieldLabelProps, Omit<TextAreaProps, 'id' | 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/** A labelled text area with its message (remarks, descriptions), growing with what is typed. */
export function TextAreaField(props: TextAreaFieldProps) {
  const { row, control } = splitFieldProps(props);
  const ref = useNativeFieldAria<TextAreaRef>(row.id, row.error);
  return (
    <Field {...row}>
      <TextArea {...control} id={row.id} ref={ref} />
    </Field>
  );
}
