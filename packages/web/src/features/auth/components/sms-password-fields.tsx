import { Input, type InputRef } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Field, fieldAria, useNativeFieldAria } from '../../../components/form/field';
import type { FieldErrors } from '../../../lib/validation';
import { PasswordInput } from '../../../components/form/password-input';
import { SandboxLabel } from './sandbox-label';
import { SmsCodeButton } from './sms-code-button';

type Name = 'code' | 'password' | 'confirm';

interface SmsPasswordFieldsProps {
  /** The fields' ids are `${idPrefix}-code`, `-password` and `-confirm`. */
  idPrefix: string;
  /** "New password" where a password is changed, "password" at sign-up. */
  passwordLabel: string;
  values: Record<Name, string>;
  errors: FieldErrors;
  /** The form's setter (useForm's `set`). */
  set: (name: Name) => (value: string) => void;
  /** Validates and sends the code; resolves true when one went out. */
  onSend: () => Promise<boolean>;
}

/**
 * The SMS code with its send button, then a new login password and its confirmation (sign-up, forgotten
 * password, change of password). In the sandbox the code field says that no real SMS goes out.
 */
export function SmsPasswordFields({
  idPrefix,
  passwordLabel,
  values,
  errors,
  set,
  onSend,
}: SmsPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  const id = (name: Name) => `${idPrefix}-${name}`;
  const codeRef = useNativeFieldAria<InputRef>(id('code'), errors.code);
  const passwordProps = (name: 'password' | 'confirm') => ({
    id: id(name),
    value: values[name],
    onChange: set(name),
    autoComplete: 'new-password' as const,
    ...fieldAria(id(name), errors[name]),
  });
  return (
    <>
      <Field id={id('code')} label={t('code')} error={errors.code} description={<SandboxLabel />}>
        <div className="code-input">
          <Input
            id={id('code')}
            inputMode="numeric"
            maxLength={6}
            value={values.code}
            onChange={set('code')}
            placeholder={t('codePlaceholder')}
            autoComplete="one-time-code"
            ref={codeRef}
          />
          <SmsCodeButton onSend={onSend} />
        </div>
      </Field>
      <Field id={id('password')} label={passwordLabel} error={errors.password}>
        <PasswordInput {...passwordProps('password')} placeholder={t('newPasswordPlaceholder')} />
      </Field>
      <Field id={id('confirm')} label={t('confirmPassword')} error={errors.confirm}>
        <PasswordInput {...passwordProps('confirm')} placeholder={t('confirmPlaceholder')} />
      </Field>
    </>
  );
}
