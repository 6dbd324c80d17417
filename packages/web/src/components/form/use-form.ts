import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import type { FieldErrors } from '../../lib/validation';

/**
 * Values and messages of a form. antd-mobile's Form brings a validation library of its own; ours come from the
 * contract, so plain state is all the forms need (and keeps the login screen light). Values stay as typed
 * whatever goes wrong (a rule, the server); a field's message goes as soon as the person edits that field.
 */
export function useForm<T extends Record<string, unknown>>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The server's words when the last save was refused, shown above the form's button.
  const [message, setMessage] = useState<string | null>(null);

  const set = useCallback(
    <K extends keyof T & string>(name: K) =>
      (value: T[K]) => {
        setValues((prev) => ({ ...prev, [name]: value }));
        setErrors((prev) => (prev[name] === undefined ? prev : { ...prev, [name]: undefined }));
      },
    [],
  );

  /** What a field control needs of the form: its value, its setter and its message. */
  const bind = <K extends keyof T & string>(name: K) => ({
    value: values[name],
    onChange: set(name),
    error: errors[name],
  });

  /**
   * Runs a call to the server and what follows it (a save, sending a code). When the server refuses, its words
   * become the form's message. Resolves true when it went through.
   */
  const attempt = useCallback(async (run: () => Promise<void>): Promise<boolean> => {
    setMessage(null);
    try {
      await run();
      return true;
    } catch (error) {
      if (error instanceof ApiError) setMessage(error.msg);
      return false;
    }
  }, []);

  return { values, setValues, set, bind, errors, setErrors, message, setMessage, attempt };
}

/** Whether any field has a message. */
export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}
