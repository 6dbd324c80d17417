import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

interface FormSubmitProps {
  /** The server's words when the last attempt failed, kept on screen above the button. */
  message?: string | null;
  submitting?: boolean;
  children: ReactNode;
}

/** The main button of a form, with what went wrong last time above it. */
export function FormSubmit({ message, submitting, children }: FormSubmitProps) {
  return (
    <>
      {message ? (
        <p className="form-message" role="alert">
          {message}
        </p>
      ) : null}
      <Button block type="submit" color="primary" size="large" loading={submitting}>
        {children}
      </Button>
    </>
  );
}
