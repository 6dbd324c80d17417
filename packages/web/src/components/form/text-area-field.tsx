import { TextArea, type TextAreaProps } from 'antd-mobile';
import { Field, fieldAria, splitFieldProps, type FieldLabelProps } from './field';

interface TextAreaFieldProps extends FieldLabelProps, Omit<TextAreaProps, 'id' | 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/** A labelled text area with its message (remarks, descriptions), growing with what is typed. */
export function TextAreaField(props: TextAreaFieldProps) {
  const { row, control } = splitFieldProps(props);
  return (
    <Field {...row}>
      <TextArea {...control} id={row.id} {...fieldAria(row.id, row.error)} />
    </Field>
  );
}
