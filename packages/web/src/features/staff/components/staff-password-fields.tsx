import { OPER_PWD_LENGTH } from '@vendo/contract/constants';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/form/field';
import { InputField } from '../../../components/form/input-field';
import { PasswordInput } from '../../../components/form/password-input';
import { onlyDigits } from '../utils/oper-pwd';
import { SwitchField } from './switch-field';
import type { StaffFormState } from './use-staff-form';

/** A new member's login password with its confirmation, and the operation password when switched on. */
export function StaffPasswordFields({ form }: { form: StaffFormState }) {
  const { t } = useTranslation('staff');
  const { values, errors, set } = form;
  const operField = (
    name: 'oper_pwd' | 'confirm_oper_pwd',
    id: string,
    label: string,
    placeholder: string,
  ) => (
    <InputField
      id={id}
      label={label}
      required
      value={values[name]}
      onChange={(v) => set(name)(onlyDigits(v))}
      error={errors[name]}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={OPER_PWD_LENGTH}
      placeholder={placeholder}
    />
  );
  return (
    <>
      <Field id="staff-password" label={t('staff.password')} required error={errors.password}>
        <PasswordInput
          id="staff-password"
          value={values.password}
          onChange={set('password')}
          placeholder={t('staff.passwordPlaceholder')}
          autoComplete="new-password"
        />
      </Field>
      <Field
        id="staff-confirm-password"
        label={t('staff.confirmPassword')}
        required
        error={errors.confirm_password}
      >
        <PasswordInput
          id="staff-confirm-password"
          value={values.confirm_password}
          onChange={set('confirm_password')}
          placeholder={t('staff.confirmPlaceholder')}
          autoComplete="new-password"
        />
      </Field>
      <SwitchField
        id="staff-oper-switch"
        label={t('staff.operSwitch')}
        description={t('staff.operSwitchHint')}
        checked={values.is_oper_pwd}
        onChange={set('is_oper_pwd')}
      />
      {values.is_oper_pwd ? (
        <>
          {operField('oper_pwd', 'staff-oper-pwd', t('staff.operPwd'), t('staff.operPwdPlaceholder'))}
          {operField(
            'confirm_oper_pwd',
            'staff-confirm-oper-pwd',
            t('staff.confirmOperPwd'),
            t('staff.confirmPlaceholder'),
          )}
        </>
      ) : null}
    </>
  );
}
