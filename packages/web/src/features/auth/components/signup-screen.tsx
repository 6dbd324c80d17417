import { DEVICE_TYPE_LABELS, SIGNUP_BUSINESS_TYPES } from '@vendo/contract/enums';
import { List } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Field, fieldAria } from '../../../components/form/field';
import { InputField } from '../../../components/form/input-field';
import { FormSubmit } from '../../../components/form/form-submit';
import { hasErrors, useForm } from '../../../components/form/use-form';
import { OptionPicker } from '../../../components/picker/option-picker';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import authTexts from '../../../i18n/resources/auth';
import { loadAccountCalls } from '../../../lib/account-calls';
import { currentAgent } from '../../../lib/agent';
import { toast } from '../../../lib/notify';
import { checkWithSchema, type FieldErrors } from '../../../lib/validation';
import { useCheckAccount } from '../api/check-account';
import { useSignUp } from '../api/sign-up';
import { confirmPasswordError } from '../utils/confirm-password';
import { finishLogin } from '../../../lib/finish-login';
import { AuthFrame } from '../../../components/auth-frame/auth-frame';
import { SmsPasswordFields } from './sms-password-fields';
import { MOBILE_LENGTH } from '@vendo/contract/constants';

registerNamespace('auth', authTexts);

export default function SignupScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { search } = useLocation();
  const form = useForm({ mchName: '', business: '', phone: '', code: '', password: '', confirm: '' });
  const [sign, setSign] = useState('');
  const [pickerOpen, setPickerOpen] = useState(false);
  const agent = currentAgent(search);
  const check = useCheckAccount();
  const register = useSignUp();
  const locale = currentLocale();
  // Sign-up and check-account failures keep the server's words on screen (spec §7): attempt() sees to it.
  const { values, set, bind, errors, setErrors, message, attempt } = form;

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
    const invalid = checkWithSchema(checkAccount.request, body, locale, { phone: t('phone') });
    if (invalid) {
      setErrors((prev) => ({ ...prev, phone: invalid.phone }));
      return false;
    }
    return attempt(async () => {
      const answer = await check.mutateAsync(body);
      setSign(answer.sign);
      toast(t('codeSent'));
    });
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
    const labels = {
      mchName: t('mchName'),
      business: t('business'),
      phone: t('phone'),
      code: t('code'),
      password: t('password'),
    };
    const found: FieldErrors = { ...checkWithSchema(signUp.request, body, locale, labels) };
    // No sign means no code was requested for this phone yet: the place to say so is the code field.
    if (found.sign) {
      found.code = t('getCodeFirst');
      delete found.sign;
    }
    found.confirm = confirmPasswordError(values.confirm, values.password, locale, t('confirmPassword'));
    setErrors(found);
    if (hasErrors(found)) return;
    await attempt(async () => {
      const info = await register.mutateAsync(body);
      const go = (to: string, options?: { replace?: boolean }) => void navigate(to, options);
      if (finishLogin(info, go)) go('/', { replace: true });
    });
  };

  return (
    <AuthFrame title={t('signupTitle')} onBack={() => void navigate(`/login${search}`, { replace: true })}>
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
        <List mode="card">
          <InputField
            id="signup-mchName"
            label={t('mchName')}
            {...bind('mchName')}
            placeholder={t('mchNamePlaceholder')}
            autoComplete="organization"
          />
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
          <InputField
            id="signup-phone"
            label={t('phone')}
            error={errors.phone}
            type="tel"
            inputMode="numeric"
            maxLength={MOBILE_LENGTH}
            value={values.phone}
            onChange={setPhone}
            placeholder={t('phonePlaceholder')}
            autoComplete="tel"
          />
          <SmsPasswordFields
            idPrefix="signup"
            passwordLabel={t('password')}
            values={values}
            errors={errors}
            set={set}
            onSend={sendCode}
          />
        </List>
        <div className="auth-actions">
          <FormSubmit message={message} submitting={register.isPending}>
            {t('signup')}
          </FormSubmit>
          <div className="auth-links auth-links-center">
            <span className="muted">{t('haveAccount')}</span>
            <Link to={`/login${search}`}>{t('toLogin')}</Link>
          </div>
        </div>
      </form>
      <OptionPicker
        options={businessOptions}
        title={t('business')}
        visible={pickerOpen}
        value={values.business || null}
        onClose={() => setPickerOpen(false)}
        onConfirm={set('business')}
      />
    </AuthFrame>
  );
}
