import { List } from 'antd-mobile';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { InputField } from '../../../components/form/input-field';
import { FormSubmit } from '../../../components/form/form-submit';
import { hasErrors, useForm } from '../../../components/form/use-form';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import authTexts from '../../../i18n/resources/auth';
import { loadAccountCalls } from '../../../lib/account-calls';
import { toast } from '../../../lib/notify';
import { checkWithSchema, type FieldErrors } from '../../../lib/validation';
import { useResetPwd } from '../api/reset-pwd';
import { useSendPwdSms } from '../api/send-pwd-sms';
import { confirmPasswordError } from '../utils/confirm-password';
import { AuthFrame } from '../../../components/auth-frame/auth-frame';
import { SmsPasswordFields } from './sms-password-fields';
import { MOBILE_LENGTH } from '@vendo/contract/constants';

registerNamespace('auth', authTexts);

export default function ForgetScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { search } = useLocation();
  const form = useForm({ phone: '', code: '', password: '', confirm: '' });
  const sendSms = useSendPwdSms();
  const reset = useResetPwd();
  const locale = currentLocale();
  const { values, set, bind, errors, setErrors, message, attempt } = form;

  const sendCode = async (): Promise<boolean> => {
    const { sendPwdSMS } = await loadAccountCalls();
    const body = { phone: values.phone };
    const invalid = checkWithSchema(sendPwdSMS.request, body, locale, { phone: t('phone') });
    if (invalid) {
      setErrors((prev) => ({ ...prev, phone: invalid.phone }));
      return false;
    }
    return attempt(async () => {
      await sendSms.mutateAsync(body);
      toast(t('codeSent'));
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { resetPwd } = await loadAccountCalls();
    const body = { phone: values.phone, password: values.password, code: values.code };
    const found: FieldErrors = {
      ...checkWithSchema(resetPwd.request, body, locale, {
        phone: t('phone'),
        code: t('code'),
        password: t('newPassword'),
      }),
      confirm: confirmPasswordError(values.confirm, values.password, locale, t('confirmPassword')),
    };
    setErrors(found);
    if (hasErrors(found)) return;
    await attempt(async () => {
      await reset.mutateAsync(body);
      toast(t('passwordReset'), { icon: 'success' });
      void navigate(`/login${search}`, { replace: true, state: { username: body.phone.trim() } });
    });
  };

  return (
    <AuthFrame title={t('forgetTitle')} onBack={() => void navigate(`/login${search}`, { replace: true })}>
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
        <List mode="card">
          <InputField
            id="forget-phone"
            label={t('phone')}
            {...bind('phone')}
            type="tel"
            inputMode="numeric"
            maxLength={MOBILE_LENGTH}
            placeholder={t('phonePlaceholder')}
            autoComplete="tel"
          />
          <SmsPasswordFields
            idPrefix="forget"
            passwordLabel={t('newPassword')}
            values={values}
            errors={errors}
            set={set}
            onSend={sendCode}
          />
        </List>
        <div className="auth-actions">
          <FormSubmit message={message} submitting={reset.isPending}>
            {t('resetSubmit')}
          </FormSubmit>
        </div>
      </form>
    </AuthFrame>
  );
}
