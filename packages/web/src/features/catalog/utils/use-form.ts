import { useCallback, useState } from 'react';
import type { FieldErrors } from '../../../lib/validation';

/**
 * Values and messages of a form. Values stay as typed whatever goes wrong (a rule, the server); a field's
 * message goes as soon as the person edits that field.
 */
export function useForm<T extends Record<string, unknown>>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = useCallback(
    <K extends keyof T & string>(name: K) =>
      (value: T[K]) => {
        setValues((prev) => ({ ...prev, [name]: value }));
        setErrors((prev) => (prev[name] === undefined ? prev : { ...prev, [name]: undefined }));
      },
    [],
  );

  return { values, setValues, set, errors, setErrors };
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}
