import { Button, Input, List, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import authTexts from '../../../i18n/resources/auth';
import { loadAccountCalls } from '../../../lib/account-calls';
import { currentAgent } from '../../../lib/agent';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';
import { clearLogin, loginPath } from '../../../lib/session';
import { checkWithSchema, type FieldErrors } from '../../../lib/validation';
import { useChangePwd } from '../api/change-pwd';
import { useSendOwnPwdSms } from '../api/send-own-pwd-sms';
import { confirmPasswordError } from '../utils/confirm-password';
import { useForm } from '../utils/use-form';
import { Field, fieldAria } from './field';
import { PasswordInput } from './password-input';
import { SandboxLabel } from './sandbox-label';
import { SmsCodeButton } from './sms-code-button';

registerNamespace('auth', authTexts);

interface ResetLoginPasswordSheetProps {
  visible: boolean;
  onClose: () => void;
}

/**
 * The logged-in user's login password, changed with a code sent to their own phone (spec §5). The server
 * revokes every session on success, so the app drops its login and asks for the new password.
 */
export function ResetLoginPasswordSheet({ visible, onClose }: ResetLoginPasswordSheetProps) {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const form = useForm({ code: '', password: '', confirm: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const sendSms = useSendOwnPwdSms();
  const change = useChangePwd();
  const locale = currentLocale();
  const { values, set, errors, setErrors, hasErrors } = form;

  const sendCode = async (): Promise<boolean> => {
    setMessage(null);
    try {
      const answer = await sendSms.mutateAsync();
      setSentTo(answer.phone);
      return true;
    } catch (error) {
      if (error instanceof ApiError) setMessage(error.msg);
      return false;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { changePwd } = await loadAccountCalls();
    const body = { code: values.code, password: values.password };
    const found: FieldErrors = {
      ...checkWithSchema(changePwd.request, body, locale),
      confirm: confirmPasswordError(values.confirm, values.password, locale),
    };
    setErrors(found);
    if (hasErrors(found)) return;
    setMessage(null);
    try {
      await change.mutateAsync(body);
      clearLogin();
      onClose();
      toast(t('loginPwdChanged'), { icon: 'success' });
      void navigate(loginPath(currentAgent()), { replace: true });
    } catch (error) {
      if (error instanceof ApiError) setMessage(error.msg);
    }
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet-body-wrap">
      <section className="sheet" aria-labelledby="reset-login-title">
        <div className="sheet-head">
          <h2 id="reset-login-title">{t('resetLoginPwdTitle')}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('common:actions.close')}
            onClick={onClose}
          >
            <CloseOutline />
          </button>
        </div>
        <form className="sheet-body auth-form" onSubmit={(event) => void submit(event)} noValidate>
          <p className="sheet-intro">{sentTo ? t('codeSentTo', { phone: sentTo }) : t('codeWillBeSent')}</p>
          <List mode="card">
            <Field id="reset-code" label={t('code')} error={errors.code} description={<SandboxLabel />}>
              <div className="code-input">
                <Input
                  id="reset-code"
                  inputMode="numeric"
                  maxLength={6}
                  value={values.code}
                  onChange={set('code')}
                  placeholder={t('codePlaceholder')}
                  autoComplete="one-time-code"
                  {...fieldAria('reset-code', errors.code)}
                />
                <SmsCodeButton onSend={sendCode} />
              </div>
            </Field>
            <Field id="reset-password" label={t('newPassword')} error={errors.password}>
              <PasswordInput
                id="reset-password"
                value={values.password}
                onChange={set('password')}
                placeholder={t('newPasswordPlaceholder')}
                autoComplete="new-password"
                {...fieldAria('reset-password', errors.password)}
              />
            </Field>
            <Field id="reset-confirm" label={t('confirmPassword')} error={errors.confirm}>
              <PasswordInput
                id="reset-confirm"
                value={values.confirm}
                onChange={set('confirm')}
                placeholder={t('confirmPlaceholder')}
                autoComplete="new-password"
                {...fieldAria('reset-confirm', errors.confirm)}
              />
            </Field>
          </List>
          <div className="auth-actions">
            {message ? (
              <p className="form-message" role="alert">
                {message}
              </p>
            ) : null}
            <Button block type="submit" color="primary" size="large" loading={change.isPending}>
              {t('confirmChange')}
            </Button>
          </div>
        </form>
      </section>
    </Popup>
  );
}
