import { Button, Input, List } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import authTexts from '../../../i18n/resources/auth';
import { loadAccountCalls } from '../../../lib/account-calls';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';
import { checkWithSchema, type FieldErrors } from '../../../lib/validation';
import { useResetPwd } from '../api/reset-pwd';
import { useSendPwdSms } from '../api/send-pwd-sms';
import { confirmPasswordError } from '../utils/confirm-password';
import { useForm } from '../utils/use-form';
import { AuthFrame } from './auth-frame';
import { Field, fieldAria } from './field';
import { PasswordInput } from './password-input';
import { SandboxLabel } from './sandbox-label';
import { SmsCodeButton } from './sms-code-button';

registerNamespace('auth', authTexts);

export default function ForgetScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { search } = useLocation();
  const form = useForm({ phone: '', code: '', password: '', confirm: '' });
  const [message, setMessage] = useState<string | null>(null);
  const sendSms = useSendPwdSms();
  const reset = useResetPwd();
  const locale = currentLocale();
  const { values, set, errors, setErrors, hasErrors } = form;

  const sendCode = async (): Promise<boolean> => {
    const { sendPwdSMS } = await loadAccountCalls();
    const body = { phone: values.phone };
    const invalid = checkWithSchema(sendPwdSMS.request, body, locale);
    if (invalid) {
      setErrors((prev) => ({ ...prev, phone: invalid.phone }));
      return false;
    }
    setMessage(null);
    try {
      await sendSms.mutateAsync(body);
      toast(t('codeSent'));
      return true;
    } catch (error) {
      if (error instanceof ApiError) setMessage(error.msg);
      return false;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { resetPwd } = await loadAccountCalls();
    const body = { phone: values.phone, password: values.password, code: values.code };
    const found: FieldErrors = {
      ...checkWithSchema(resetPwd.request, body, locale),
      confirm: confirmPasswordError(values.confirm, values.password, locale),
    };
    setErrors(found);
    if (hasErrors(found)) return;
    setMessage(null);
    try {
      await reset.mutateAsync(body);
      toast(t('passwordReset'), { icon: 'success' });
      void navigate(`/login${search}`, { replace: true, state: { username: body.phone.trim() } });
    } catch (error) {
      if (error instanceof ApiError) setMessage(error.msg);
    }
  };

  return (
    <AuthFrame title={t('forgetTitle')} onBack={() => void navigate(`/login${search}`, { replace: true })}>
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
        <List mode="card">
          <Field id="forget-phone" label={t('phone')} error={errors.phone}>
            <Input
              id="forget-phone"
              type="tel"
              inputMode="numeric"
              maxLength={11}
              value={values.phone}
              onChange={set('phone')}
              placeholder={t('phonePlaceholder')}
              autoComplete="tel"
              clearable
              {...fieldAria('forget-phone', errors.phone)}
            />
          </Field>
          <Field id="forget-code" label={t('code')} error={errors.code} description={<SandboxLabel />}>
            <div className="code-input">
              <Input
                id="forget-code"
                inputMode="numeric"
                maxLength={6}
                value={values.code}
                onChange={set('code')}
                placeholder={t('codePlaceholder')}
                autoComplete="one-time-code"
                {...fieldAria('forget-code', errors.code)}
              />
              <SmsCodeButton onSend={sendCode} />
            </div>
          </Field>
          <Field id="forget-password" label={t('newPassword')} error={errors.password}>
            <PasswordInput
              id="forget-password"
              value={values.password}
              onChange={set('password')}
              placeholder={t('newPasswordPlaceholder')}
              autoComplete="new-password"
              {...fieldAria('forget-password', errors.password)}
            />
          </Field>
          <Field id="forget-confirm" label={t('confirmPassword')} error={errors.confirm}>
            <PasswordInput
              id="forget-confirm"
              value={values.confirm}
              onChange={set('confirm')}
              placeholder={t('confirmPlaceholder')}
              autoComplete="new-password"
              {...fieldAria('forget-confirm', errors.confirm)}
            />
          </Field>
        </List>
        <div className="auth-actions">
          {message ? (
            <p className="form-message" role="alert">
              {message}
            </p>
          ) : null}
          <Button block type="submit" color="primary" size="large" loading={reset.isPending}>
            {t('resetSubmit')}
          </Button>
        </div>
      </form>
    </AuthFrame>
  );
}
