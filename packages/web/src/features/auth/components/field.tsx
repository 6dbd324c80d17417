import { List } from 'antd-mobile';
import type { ReactNode } from 'react';

interface FieldProps {
  /** The id of the input inside, so the label and the message belong to it. */
  id: string;
  label: string;
  error?: string;
  extra?: ReactNode;
  description?: ReactNode;
  onClick?: () => void;
  children: ReactNode;
}

/** One labelled row of an auth form, with its message under it. */
export function Field({ id, label, error, extra, description, onClick, children }: FieldProps) {
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
        </label>
      }
      extra={extra}
      description={hint}
      onClick={onClick}
      arrowIcon={onClick ? undefined : false}
    >
      {children}
    </List.Item>
  );
}

/** aria props that tie an input to its Field's message. */
export function fieldAria(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}
