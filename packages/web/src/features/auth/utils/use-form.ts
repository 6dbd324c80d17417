import { useCallback, useState } from 'react';
import type { FieldErrors } from '../../../lib/validation';

/**
 * Values and messages of a small form. antd-mobile's Form brings a validation library of its own; ours come
 * from the contract, so plain state is all these forms need (and keeps the login screen light).
 */
export function useForm<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = useCallback(
    <K extends keyof T & string>(name: K) =>
      (value: T[K]) => {
        setValues((prev) => ({ ...prev, [name]: value }));
        // A field's message goes as soon as the person edits that field.
        setErrors((prev) => (prev[name] === undefined ? prev : { ...prev, [name]: undefined }));
      },
    [],
  );

  const hasErrors = (next: FieldErrors) => Object.values(next).some((message) => message !== undefined);

  return { values, setValues, set, errors, setErrors, hasErrors };
}
