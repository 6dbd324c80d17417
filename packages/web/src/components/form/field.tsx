import { List } from 'antd-mobile';
import { useEffect, useRef, type ReactNode } from 'react';

/** What a row of a form says about its control. */
export interface FieldLabelProps {
  /** The id of the control inside, so the label and the message belong to it. */
  id: string;
  label: string;
  /** Marks the label with an asterisk (the form still checks the rule itself). */
  required?: boolean;
  error?: string;
  /** A hint under the control; the error, when there is one, follows it. */
  description?: ReactNode;
  extra?: ReactNode;
  /**
   * The label on its own line above the control, for a control taller than a line (a list of choices): beside it
   * the label sat halfway down the list.
   */
  stacked?: boolean;
}

interface FieldProps extends FieldLabelProps {
  /** Makes the whole row a tap target, with the arrow that says so. */
  onClick?: () => void;
  children: ReactNode;
}

/** One labelled row of a form (an antd-mobile List.Item), with its message under it. */
export function Field({
  id,
  label,
  required,
  error,
  description,
  extra,
  stacked,
  onClick,
  children,
}: FieldProps) {
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
      className={stacked ? 'field field-stacked' : 'field'}
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
      onClick={onClick}
      arrowIcon={onClick ? undefined : false}
    >
      {children}
    </List.Item>
  );
}

/** aria props that tie a control to its Field's message. */
export function fieldAria(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}

/** antd-mobile's InputRef and TextAreaRef: the native control inside. */
interface NativeControl {
  nativeElement: HTMLElement | null;
}

/**
 * aria-invalid and aria-describedby on the native control of an antd-mobile Input or TextArea (pass the answer as
 * its ref): they hand aria-* props to their wrapper div, where a screen reader never ties the message to the
 * control the person is on.
 */
export function useNativeAria<T extends NativeControl>(invalid: boolean, describedBy: string | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const control = ref.current?.nativeElement;
    if (!control) return;
    if (invalid) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
    if (describedBy) control.setAttribute('aria-describedby', describedBy);
    else control.removeAttribute('aria-describedby');
  }, [invalid, describedBy]);
  return ref;
}

/** fieldAria on the native control of an antd-mobile Input or TextArea (useNativeAria). */
export function useNativeFieldAria<T extends NativeControl>(id: string, error: string | undefined) {
  return useNativeAria<T>(Boolean(error), error ? `${id}-error` : undefined);
}

/** Splits the props of a control in a row (InputField, TextAreaField) into the row's and the control's own. */
export function splitFieldProps<P extends FieldLabelProps>({
  id,
  label,
  required,
  error,
  description,
  extra,
  ...control
}: P) {
  return { row: { id, label, required, error, description, extra }, control };
}
