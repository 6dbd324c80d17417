import { List } from 'antd-mobile';
import type { ReactNode } from 'react';

interface FormFieldProps {
  /** The id of the input inside, so the label and the message belong to it. */
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  description?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}

/** One labelled row of a catalog form, with its message under it. */
export function FormField({ id, label, required, error, description, extra, children }: FormFieldProps) {
  const hint =
    description || error ? (
      <>
        {description}
        {error ? (
          <span className="field-error" id={`${id}-error`} role="alert">
            {error}
          </span>
        ) : null}
      </>
    ) : undefined;
  return (
    <List.Item
      className="field"
      prefix={
        <label className="field-label" htmlFor={id}>
          {label}
          {required ? (
            <span className="field-required" aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
      }
      extra={extra}
      description={hint}
      arrowIcon={false}
    >
      {children}
    </List.Item>
  );
}

/** aria props that tie an input to its field's message. */
export function fieldAria(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}
