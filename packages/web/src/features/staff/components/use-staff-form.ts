import { addSubUser, editSubUser, type SubUser } from '@vendo/contract/api/staff';
import { bit } from '@vendo/contract/api/fields';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../../components/form/use-form';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { checkWithSchema, type FieldErrors } from '../../../lib/validation';
import { useAddStaff } from '../api/add-staff';
import { staffAccountTaken } from '../api/check-staff-account';
import { useEditStaff } from '../api/edit-staff';
import { isOperPwd, operPwdPair } from '../utils/oper-pwd';

/** The role choice meaning "no role". */
export const NO_ROLE = 'none';

/**
 * The staff form's values, checks and save (spec §3, §5): the contract's add or edit rules, the operation
 * password's own rules on its digits, at least one store unless all, and an account already taken.
 */
export function useStaffForm(staff: SubUser | null, onSaved: () => void) {
  const { t } = useTranslation('staff');
  const locale = currentLocale();
  const add = useAddStaff();
  const edit = useEditStaff();
  const form = useForm({
    sub_username: staff?.sub_username ?? '',
    nickname: staff?.nickname ?? '',
    phone: staff?.phone ?? '',
    password: '',
    confirm_password: '',
    is_oper_pwd: false,
    oper_pwd: '',
    confirm_oper_pwd: '',
    role: staff?.role_info ? String(staff.role_info.roleid) : NO_ROLE,
    all_device: staff ? staff.all_device === 1 : true,
    store: (staff?.store ?? []).map((s) => String(s._id)),
    goods_own_only: staff?.goods_own_only === 1,
    bank_own_only: staff?.bank_own_only === 1,
  });
  const { values, errors, setErrors, check, attempt } = form;

  const profile = () => ({
    sub_username: values.sub_username.trim(),
    nickname: values.nickname.trim(),
    phone: values.phone.trim(),
    roleid: values.role === NO_ROLE ? null : Number(values.role),
    all_device: bit(values.all_device),
    store: values.all_device ? [] : values.store.map(Number),
    goods_own_only: bit(values.goods_own_only),
    bank_own_only: bit(values.bank_own_only),
  });

  /** The operation password's own rules, on the raw digits (the server only ever sees their md5). */
  const operErrors = (): FieldErrors => {
    if (staff || !values.is_oper_pwd) return {};
    if (!isOperPwd(values.oper_pwd)) return { oper_pwd: t('rules.operPwd') };
    if (values.oper_pwd !== values.confirm_oper_pwd) return { confirm_oper_pwd: t('rules.passwordsDiffer') };
    return {};
  };

  /** On leaving the account field: says at once when another member has that account. */
  const checkAccount = async () => {
    const account = values.sub_username.trim();
    if (!account || account === staff?.sub_username) return;
    try {
      if (await staffAccountTaken(account))
        setErrors((e) => ({ ...e, sub_username: t('staff.accountTaken') }));
    } catch {
      // A malformed account is reported by the rules on save; the server checks again anyway.
    }
  };

  const submit = async () => {
    const base = profile();
    const oper = values.is_oper_pwd ? operPwdPair(values.oper_pwd, values.confirm_oper_pwd) : {};
    const body = staff
      ? { sub_userid: staff.sub_userid, ...base }
      : {
          ...base,
          password: values.password,
          confirm_password: values.confirm_password,
          is_oper_pwd: bit(values.is_oper_pwd),
          ...oper,
        };
    // An empty field's message names it ("Account cannot be empty").
    const labels = {
      sub_username: t('staff.account'),
      nickname: t('staff.name'),
      phone: t('staff.phone'),
      password: t('staff.password'),
      confirm_password: t('staff.confirmPassword'),
      oper_pwd: t('staff.operPwd'),
      confirm_oper_pwd: t('staff.confirmOperPwd'),
      store: t('staff.stores'),
    };
    const found = {
      ...(checkWithSchema(staff ? editSubUser.request : addSubUser.request, body, locale, labels) ?? {}),
      ...operErrors(),
    };
    if (!values.all_device && values.store.length === 0) found.store = t('staff.pickStores');
    if (errors.sub_username === t('staff.accountTaken')) found.sub_username = errors.sub_username;
    // check() brings the first message into view (useForm).
    if (!check(found)) return;
    await attempt(async () => {
      if (staff) await edit.mutateAsync({ sub_userid: staff.sub_userid, ...base });
      else await add.mutateAsync(addSubUser.request.parse(body));
      toast(t('saved'), { icon: 'success' });
      onSaved();
    });
  };

  return { ...form, checkAccount, submit, submitting: add.isPending || edit.isPending };
}

export type StaffFormState = ReturnType<typeof useStaffForm>;
