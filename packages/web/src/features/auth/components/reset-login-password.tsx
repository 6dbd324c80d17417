import { List } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormSubmit } from '../../../components/form/form-submit';
import { hasErrors, useForm } from '../../../components/form/use-form';
import { Sheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale, registerNamespace } from '../../../i18n/i18n';
import authTexts from '../../../i18n/resources/auth';
import { loadAccountCalls } from '../../../lib/account-calls';
import { currentAgent } from '../../../lib/agent';
import { toast } from '../../../lib/notify';
import { clearLogin, loginPath } from '../../../lib/session';
import { checkWithSchema, type FieldErrors } from '../../../lib/validation';
import { useChangePwd } from '../api/change-pwd';
import { useSendOwnPwdSms } from '../api/send-own-pwd-sms';
import { confirmPasswordError } from '../utils/confirm-password';
import { SmsPasswordFields } from './sms-password-fields';

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
  const sendSms = useSendOwnPwdSms();
  const change = useChangePwd();
  const locale = currentLocale();
  const { values, set, errors, setErrors, message, attempt } = form;

  const sendCode = async (): Promise<boolean> => {
    return attempt(async () => {
      const answer = await sendSms.mutateAsync();
      setSentTo(answer.phone);
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { changePwd } = await loadAccountCalls();
    const body = { code: values.code, password: values.password };
    const found: FieldErrors = {
      ...checkWithSchema(changePwd.request, body, locale, {
        code: t('code'),
        password: t('newPassword'),
      }),
      confirm: confirmPasswordError(values.confirm, values.password, locale, t('confirmPassword')),
    };
    setErrors(found);
    if (hasErrors(found)) return;
    await attempt(async () => {
      await change.mutateAsync(body);
      clearLogin();
      onClose();
      toast(t('loginPwdChanged'), { icon: 'success' });
      void navigate(loginPath(currentAgent()), { replace: true });
    });
  };

  return (
    <Sheet visible={visible} onClose={onClose} closeOnMaskClick destroyOnClose={false}>
      <SheetFrame title={t('resetLoginPwdTitle')} onClose={onClose}>
        <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
          <p className="sheet-intro">{sentTo ? t('codeSentTo', { phone: sentTo }) : t('codeWillBeSent')}</p>
          <List mode="card">
            <SmsPasswordFields
              idPrefix="reset"
              passwordLabel={t('newPassword')}
              values={values}
              errors={errors}
              set={set}
              onSend={sendCode}
            />
          </List>
          <div className="auth-actions">
            <FormSubmit message={message} submitting={change.isPending}>
              {t('confirmChange')}
            </FormSubmit>
          </div>
        </form>
      </SheetFrame>
    </Sheet>
  );
}
