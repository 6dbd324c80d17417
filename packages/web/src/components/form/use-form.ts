import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import type { FieldErrors } from '../../lib/validation';

/**
 * Values and messages of a form. antd-mobile's Form brings a validation library of its own; ours come from the
 * contract, so plain state is all the forms need (and keeps the login screen light). Values stay as typed
 * whatever goes wrong (a rule, the server); a field's message goes as soon as the person edits that field.
 */
export function useForm<T extends object>(initial: T | (() => T)) {
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

  /**
   * A change that is more than one field's new value (a row of a list, a pick that fills several fields): the
   * values as `change` makes them, and the messages of the fields `settles` names (by name or by a test) gone.
   */
  const update = useCallback(
    (change: (prev: T) => T, settles: readonly string[] | ((field: string) => boolean)) => {
      setValues(change);
      const settled = typeof settles === 'function' ? settles : (field: string) => settles.includes(field);
      setErrors((prev) =>
        Object.keys(prev).some(settled)
          ? Object.fromEntries(Object.entries(prev).filter(([field]) => !settled(field)))
          : prev,
      );
    },
    [],
  );

  /**
   * Shows the messages a check found (and only those), and drops the last refusal's words: a new try. True when
   * there are none, so the form may send.
   */
  const check = useCallback((found: FieldErrors): boolean => {
    setErrors(found);
    setMessage(null);
    if (hasErrors(found)) revealFirstError();
    return !hasErrors(found);
  }, []);

  /** What a field control needs of the form: its value, its setter and its message. */
  const bind = <K extends keyof T & string>(name: K) => ({
    value: values[name],
    onChange: set(name),
    error: errors[name],
  });

  /**
   * Sends the form through `run`. When the server refuses, its words show at the field `fieldOf` names for the
   * refusal's code, else as the form's message; what was typed stays. Resolves `{ answer }` when it went through,
   * null when refused.
   */
  const send = useCallback(
    async <R>(
      run: () => Promise<R>,
      fieldOf?: (rcode: number) => string | null | undefined,
    ): Promise<{ answer: R } | null> => {
      setMessage(null);
      try {
        return { answer: await run() };
      } catch (error) {
        if (!(error instanceof ApiError)) return null;
        const field = fieldOf?.(error.rcode);
        if (field) {
          setErrors({ [field]: error.msg });
          revealFirstError();
        } else setMessage(error.msg);
        return null;
      }
    },
    [],
  );

  /**
   * Runs a call to the server and what follows it (a save, sending a code). When the server refuses, its words
   * become the form's message. Resolves true when it went through.
   */
  const attempt = useCallback(async (run: () => Promise<void>) => (await send(run)) !== null, [send]);

  return {
    values,
    setValues,
    set,
    update,
    check,
    bind,
    errors,
    setErrors,
    message,
    setMessage,
    attempt,
    send,
  };
}

/**
 * Brings the first field marked in red into view once it is drawn: in a long form (a coupon, a gift batch) it may
 * be far above or below the button the person tapped.
 */
function revealFirstError(): void {
  globalThis.requestAnimationFrame?.(() => {
    // The control marked invalid, or the message of a field without one (chips, pickers): the first on the page.
    const field = document.querySelector('[aria-invalid="true"], .field-error');
    if (field && typeof field.scrollIntoView === 'function') field.scrollIntoView({ block: 'center' });
  });
}

/** Whether any field has a message. */
export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}
