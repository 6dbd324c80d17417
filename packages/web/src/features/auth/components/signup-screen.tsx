import { DEVICE_TYPE_LABELS, SIGNUP_BUSINESS_TYPES } from '@vendo/contract/enums';
import { Button, Input, List, Picker } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import authTexts from '../../../i18n/resources/auth';
import { loadAccountCalls } from '../../../lib/account-calls';
import { currentAgent } from '../../../lib/agent';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';
import { checkWithSchema, type FieldErrors } from '../../../lib/validation';
import { useCheckAccount } from '../api/check-account';
import { useSignUp } from '../api/sign-up';
import { confirmPasswordError } from '../utils/confirm-password';
import { finishLogin } from '../utils/finish-login';
import { useForm } from '../utils/use-form';
import { AuthFrame } from './auth-frame';
import { Field, fieldAria } from './field';
import { PasswordInput } from './password-input';
import { SandboxLabel } from './sandbox-label';
import { SmsCodeButton } from './sms-code-button';

registerNamespace('auth', authTexts);

export default function SignupScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { search } = useLocation();
  const form = useForm({ mchName: '', business: '', phone: '', code: '', password: '', confirm: '' });
  // Sign-up and check-account failures keep the server's words on screen (spec §7).
  const [message, setMessage] = useState<string | null>(null);
  const [sign, setSign] = useState('');
  const [pickerOpen, setPickerOpen] = useState(false);
  const agent = currentAgent(search);
  const check = useCheckAccount();
  const register = useSignUp();
  const locale = currentLocale();
  const { values, set, errors, setErrors, hasErrors } = form;

  const businessOptions = SIGNUP_BUSINESS_TYPES.map((type) => ({
    value: type,
    label: DEVICE_TYPE_LABELS[type][locale],
  }));
  const businessLabel = businessOptions.find((o) => o.value === values.business)?.label;

  const setPhone = (phone: string) => {
    set('phone')(phone);
    // The sign belongs to the phone the code went to; another phone needs another code.
    setSign('');
  };

  const sendCode = async (): Promise<boolean> => {
    const { checkAccount } = await loadAccountCalls();
    const body = { phone: values.phone, agentid: agent };
    const invalid = checkWithSchema(checkAccount.request, body, locale);
    if (invalid) {
      setErrors((prev) => ({ ...prev, phone: invalid.phone }));
      return false;
    }
    setMessage(null);
    try {
      const answer = await check.mutateAsync(body);
      setSign(answer.sign);
      toast(t('codeSent'));
      return true;
    } catch (error) {
      if (error instanceof ApiError) setMessage(error.msg);
      return false;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { signUp } = await loadAccountCalls();
    const body = {
      mchName: values.mchName,
      phone: values.phone,
      password: values.password,
      business: values.business,
      sign,
      code: values.code,
      agent,
    };
    const found: FieldErrors = { ...checkWithSchema(signUp.request, body, locale) };
    // No sign means no code was requested for this phone yet: the place to say so is the code field.
    if (found.sign) {
      found.code = t('getCodeFirst');
      delete found.sign;
    }
    found.confirm = confirmPasswordError(values.confirm, values.password, locale);
    setErrors(found);
    if (hasErrors(found)) return;
    setMessage(null);
    try {
      const info = await register.mutateAsync(body);
      const go = (to: string, options?: { replace?: boolean }) => void navigate(to, options);
      if (finishLogin(info, go)) go('/', { replace: true });
    } catch (error) {
      if (error instanceof ApiError) setMessage(error.msg);
    }
  };

  return (
    <AuthFrame title={t('signupTitle')} onBack={() => void navigate(`/login${search}`, { replace: true })}>
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
        <List mode="card">
          <Field id="signup-mchName" label={t('mchName')} error={errors.mchName}>
            <Input
              id="signup-mchName"
              value={values.mchName}
              onChange={set('mchName')}
              placeholder={t('mchNamePlaceholder')}
              autoComplete="organization"
              clearable
              {...fieldAria('signup-mchName', errors.mchName)}
            />
          </Field>
          <Field id="signup-business" label={t('business')} error={errors.business}>
            <button
              type="button"
              id="signup-business"
              className="picker-trigger"
              onClick={() => setPickerOpen(true)}
              {...fieldAria('signup-business', errors.business)}
            >
              {businessLabel ?? <span className="picker-placeholder">{t('businessPlaceholder')}</span>}
              <RightOutline aria-hidden="true" />
            </button>
          </Field>
          <Field id="signup-phone" label={t('phone')} error={errors.phone}>
            <Input
              id="signup-phone"
              type="tel"
              inputMode="numeric"
              maxLength={11}
              value={values.phone}
              onChange={setPhone}
              placeholder={t('phonePlaceholder')}
              autoComplete="tel"
              clearable
              {...fieldAria('signup-phone', errors.phone)}
            />
          </Field>
          <Field id="signup-code" label={t('code')} error={errors.code} description={<SandboxLabel />}>
            <div className="code-input">
              <Input
                id="signup-code"
                inputMode="numeric"
                maxLength={6}
                value={values.code}
                onChange={set('code')}
                placeholder={t('codePlaceholder')}
                autoComplete="one-time-code"
                {...fieldAria('signup-code', errors.code)}
              />
              <SmsCodeButton onSend={sendCode} />
            </div>
          </Field>
          <Field id="signup-password" label={t('password')} error={errors.password}>
            <PasswordInput
              id="signup-password"
              value={values.password}
              onChange={set('password')}
              placeholder={t('newPasswordPlaceholder')}
              autoComplete="new-password"
              {...fieldAria('signup-password', errors.password)}
            />
          </Field>
          <Field id="signup-confirm" label={t('confirmPassword')} error={errors.confirm}>
            <PasswordInput
              id="signup-confirm"
              value={values.confirm}
              onChange={set('confirm')}
              placeholder={t('confirmPlaceholder')}
              autoComplete="new-password"
              {...fieldAria('signup-confirm', errors.confirm)}
            />
          </Field>
        </List>
        <div className="auth-actions">
          {message ? (
            <p className="form-message" role="alert">
              {message}
            </p>
          ) : null}
          <Button block type="submit" color="primary" size="large" loading={register.isPending}>
            {t('signup')}
          </Button>
          <div className="auth-links auth-links-center">
            <span className="muted">{t('haveAccount')}</span>
            <Link to={`/login${search}`}>{t('toLogin')}</Link>
          </div>
        </div>
      </form>
      <Picker
        columns={[businessOptions]}
        title={t('business')}
        visible={pickerOpen}
        value={values.business ? [values.business] : []}
        onClose={() => setPickerOpen(false)}
        onConfirm={(picked) => set('business')(String(picked[0] ?? ''))}
      />
    </AuthFrame>
  );
}
