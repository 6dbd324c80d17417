import { resetSubUserPwd, type SubUser } from '@vendo/contract/api/staff';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/form/field';
import { InputField } from '../../../components/form/input-field';
import { useForm } from '../../../components/form/use-form';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { checkWithSchema } from '../../../lib/validation';
import { PasswordInput } from '../../../components/form/password-input';
import { useChangeOperSwitch } from '../api/change-oper-switch';
import { useResetStaffOperPwd } from '../api/reset-staff-oper-pwd';
import { useResetStaffPwd } from '../api/reset-staff-pwd';
import { isOperPwd, onlyDigits, operPwdPair } from '../utils/oper-pwd';

/**
 * What a staff card's password actions open: 'login' resets the login password (the member's sessions end),
 * 'oper' sets the operation password, 'switch-on' sets one while turning the switch on.
 */
export type ResetKind = 'login' | 'oper' | 'switch-on';

interface ResetFormProps {
  staff: SubUser;
  kind: ResetKind;
  onClose: () => void;
}

function ResetForm({ staff, kind, onClose }: ResetFormProps) {
  const { t } = useTranslation('staff');
  const resetPwd = useResetStaffPwd();
  const resetOper = useResetStaffOperPwd();
  const operSwitch = useChangeOperSwitch();
  const { values, set, errors, setErrors, message, attempt } = useForm({ first: '', second: '' });
  const login = kind === 'login';

  const submit = async () => {
    if (login) {
      const body = { sub_userid: staff.sub_userid, password: values.first, confirm_password: values.second };
      const found = checkWithSchema(resetSubUserPwd.request, body, currentLocale(), {
        password: t('staff.password'),
        confirm_password: t('staff.confirmPassword'),
      });
      setErrors(found ? { first: found.password, second: found.confirm_password } : {});
      if (found) return;
      await attempt(async () => {
        await resetPwd.mutateAsync(body);
        toast(t('staff.resetDone'), { icon: 'success' });
        onClose();
      });
      return;
    }
    if (!isOperPwd(values.first)) return setErrors({ first: t('rules.operPwd') });
    if (values.first !== values.second) return setErrors({ second: t('rules.passwordsDiffer') });
    setErrors({});
    const pair = operPwdPair(values.first, values.second);
    await attempt(async () => {
      if (kind === 'oper') await resetOper.mutateAsync({ sub_userid: staff.sub_userid, ...pair });
      else await operSwitch.mutateAsync({ sub_userid: staff.sub_userid, is_oper_pwd: 1, ...pair });
      toast(kind === 'oper' ? t('saved') : t('staff.operOn'), { icon: 'success' });
      onClose();
    });
  };

  const title = login
    ? t('staff.resetPwd')
    : kind === 'oper'
      ? t('staff.resetOperPwd')
      : t('staff.operSwitch');
  return (
    <SheetFrame
      title={`${title} · ${staff.nickname}`}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={resetPwd.isPending || resetOper.isPending || operSwitch.isPending}
      message={message}
    >
      <List mode="card" className="staff-form">
        {login ? (
          <>
            <Field id="reset-password" label={t('staff.password')} required error={errors.first}>
              <PasswordInput
                id="reset-password"
                value={values.first}
                onChange={set('first')}
                placeholder={t('staff.passwordPlaceholder')}
                autoComplete="new-password"
              />
            </Field>
            <Field id="reset-confirm" label={t('staff.confirmPassword')} required error={errors.second}>
              <PasswordInput
                id="reset-confirm"
                value={values.second}
                onChange={set('second')}
                placeholder={t('staff.confirmPlaceholder')}
                autoComplete="new-password"
              />
            </Field>
          </>
        ) : (
          <>
            <InputField
              id="reset-oper-pwd"
              label={t('staff.operPwd')}
              required
              value={values.first}
              onChange={(v) => set('first')(onlyDigits(v))}
              error={errors.first}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              placeholder={t('staff.operPwdPlaceholder')}
            />
            <InputField
              id="reset-oper-confirm"
              label={t('staff.confirmOperPwd')}
              required
              value={values.second}
              onChange={(v) => set('second')(onlyDigits(v))}
              error={errors.second}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              placeholder={t('staff.confirmPlaceholder')}
            />
          </>
        )}
      </List>
    </SheetFrame>
  );
}

/** The password sheet of a staff card, loaded when first opened. */
export const ResetSheet = inSheet(ResetForm);
