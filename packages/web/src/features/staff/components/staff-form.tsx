import { addSubUser, editSubUser, type SubUser } from '@vendo/contract/api/staff';
import { bit } from '@vendo/contract/api/fields';
import { List, Selector, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ChoiceField } from '../../../components/form/choice-field';
import { Field } from '../../../components/form/field';
import { InputField } from '../../../components/form/input-field';
import { useForm } from '../../../components/form/use-form';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { checkWithSchema, type FieldErrors } from '../../../lib/validation';
import { PasswordInput } from '../../../components/form/password-input';
import { useAddStaff } from '../api/add-staff';
import { staffAccountTaken } from '../api/check-staff-account';
import { useEditStaff } from '../api/edit-staff';
import { useRoles } from '../api/get-roles';
import { useStoreOptions } from '../api/get-store-options';
import { isOperPwd, onlyDigits, operPwdPair } from '../utils/oper-pwd';

const NO_ROLE = 'none';
const ALL_ROLES = 999;

interface StaffFormProps {
  staff: SubUser | null;
  onClose: () => void;
}

/**
 * Add or edit a staff member (spec §3, §5): account and name required, phone format, login password ≥ 6 with its
 * confirmation, operation password of 6 digits with its confirmation when the switch is on, role, managed stores
 * (all or a list) and the "own items only" switches. Passwords and the switch of a saved member have their own
 * actions on the card.
 */
function StaffForm({ staff, onClose }: StaffFormProps) {
  const { t } = useTranslation('staff');
  const locale = currentLocale();
  const add = useAddStaff();
  const edit = useEditStaff();
  const roles = useRoles(1, ALL_ROLES);
  const stores = useStoreOptions();
  const { values, bind, set, errors, setErrors, message, attempt } = useForm({
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
    const found = {
      ...(checkWithSchema(staff ? editSubUser.request : addSubUser.request, body, locale) ?? {}),
      ...operErrors(),
    };
    if (!values.all_device && values.store.length === 0) found.store = t('staff.pickStores');
    if (errors.sub_username === t('staff.accountTaken')) found.sub_username = errors.sub_username;
    setErrors(found);
    if (Object.values(found).some((m) => m !== undefined)) return;
    await attempt(async () => {
      if (staff) await edit.mutateAsync({ sub_userid: staff.sub_userid, ...base });
      else await add.mutateAsync(addSubUser.request.parse(body));
      toast(t('saved'), { icon: 'success' });
      onClose();
    });
  };

  const roleOptions = [
    { value: NO_ROLE, label: t('staff.noRole') },
    ...(roles.data?.data ?? []).map((r) => ({ value: String(r.roleid), label: r.name })),
  ];
  const storeOptions = (stores.data?.data ?? []).map((s) => ({ value: String(s._id), label: s.store_name }));

  return (
    <SheetFrame
      tall
      title={staff ? t('staff.editTitle') : t('staff.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={add.isPending || edit.isPending}
      message={message}
    >
      <List mode="card" className="staff-form">
        <InputField
          id="staff-account"
          label={t('staff.account')}
          required
          {...bind('sub_username')}
          onBlur={() => void checkAccount()}
          placeholder={t('staff.accountPlaceholder')}
          autoComplete="off"
          maxLength={30}
        />
        <InputField
          id="staff-name"
          label={t('staff.name')}
          required
          {...bind('nickname')}
          placeholder={t('staff.namePlaceholder')}
          maxLength={50}
        />
        <InputField
          id="staff-phone"
          label={t('staff.phone')}
          {...bind('phone')}
          type="tel"
          placeholder={t('staff.phonePlaceholder')}
          maxLength={11}
        />
        {staff ? null : (
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
            <Field
              id="staff-oper-switch"
              label={t('staff.operSwitch')}
              description={t('staff.operSwitchHint')}
              extra={
                <Switch
                  checked={values.is_oper_pwd}
                  onChange={set('is_oper_pwd')}
                  aria-label={t('staff.operSwitch')}
                />
              }
            >
              {null}
            </Field>
            {values.is_oper_pwd ? (
              <>
                <InputField
                  id="staff-oper-pwd"
                  label={t('staff.operPwd')}
                  required
                  value={values.oper_pwd}
                  onChange={(v) => set('oper_pwd')(onlyDigits(v))}
                  error={errors.oper_pwd}
                  type="password"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={6}
                  placeholder={t('staff.operPwdPlaceholder')}
                />
                <InputField
                  id="staff-confirm-oper-pwd"
                  label={t('staff.confirmOperPwd')}
                  required
                  value={values.confirm_oper_pwd}
                  onChange={(v) => set('confirm_oper_pwd')(onlyDigits(v))}
                  error={errors.confirm_oper_pwd}
                  type="password"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={6}
                  placeholder={t('staff.confirmPlaceholder')}
                />
              </>
            ) : null}
          </>
        )}
        <Field id="staff-role" label={t('staff.role')} error={errors.roleid}>
          <ChoiceField
            id="staff-role"
            label={t('staff.role')}
            options={roleOptions}
            value={values.role}
            onChange={(v) => set('role')(v || NO_ROLE)}
          />
        </Field>
        <Field
          id="staff-all-stores"
          label={t('staff.allStores')}
          extra={
            <Switch
              checked={values.all_device}
              onChange={set('all_device')}
              aria-label={t('staff.allStores')}
            />
          }
        >
          {null}
        </Field>
        {values.all_device ? null : (
          <Field id="staff-stores" label={t('staff.stores')} required error={errors.store}>
            {storeOptions.length === 0 ? (
              <span className="muted">{t('staff.noStores')}</span>
            ) : (
              <div id="staff-stores" role="group" aria-label={t('staff.stores')}>
                <Selector
                  className="choice-field"
                  columns={2}
                  multiple
                  options={storeOptions}
                  value={values.store}
                  onChange={set('store')}
                />
              </div>
            )}
          </Field>
        )}
        <Field
          id="staff-goods-own"
          label={t('staff.goodsOwn')}
          extra={
            <Switch
              checked={values.goods_own_only}
              onChange={set('goods_own_only')}
              aria-label={t('staff.goodsOwn')}
            />
          }
        >
          {null}
        </Field>
        <Field
          id="staff-bank-own"
          label={t('staff.bankOwn')}
          extra={
            <Switch
              checked={values.bank_own_only}
              onChange={set('bank_own_only')}
              aria-label={t('staff.bankOwn')}
            />
          }
        >
          {null}
        </Field>
      </List>
    </SheetFrame>
  );
}

/** The staff form in its sheet, loaded when the staff list first opens it. */
export const StaffFormSheet = inSheet(StaffForm);
