import { Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ChoiceField } from '../../../components/form/choice-field';
import { Field } from '../../../components/form/field';
import { useRoles } from '../api/get-roles';
import { useStoreOptions } from '../api/get-store-options';
import { SwitchField } from './switch-field';
import { NO_ROLE, type StaffFormState } from './use-staff-form';

/** Every role in one page. */
const ALL_ROLES = 999;

/** What a member may do and see: the role, the stores managed (all or a list), the "own items only" switches. */
export function StaffScopeFields({ form }: { form: StaffFormState }) {
  const { t } = useTranslation('staff');
  const { values, errors, set } = form;
  const roles = useRoles(1, ALL_ROLES);
  const stores = useStoreOptions();
  const roleOptions = [
    { value: NO_ROLE, label: t('staff.noRole') },
    ...(roles.data?.data ?? []).map((r) => ({ value: String(r.roleid), label: r.name })),
  ];
  const storeOptions = (stores.data?.data ?? []).map((s) => ({ value: String(s._id), label: s.store_name }));
  return (
    <>
      <Field id="staff-role" label={t('staff.role')} error={errors.roleid}>
        <ChoiceField
          id="staff-role"
          label={t('staff.role')}
          options={roleOptions}
          value={values.role}
          onChange={(v) => set('role')(v || NO_ROLE)}
        />
      </Field>
      <SwitchField
        id="staff-all-stores"
        label={t('staff.allStores')}
        checked={values.all_device}
        onChange={set('all_device')}
      />
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
      <SwitchField
        id="staff-goods-own"
        label={t('staff.goodsOwn')}
        checked={values.goods_own_only}
        onChange={set('goods_own_only')}
      />
      <SwitchField
        id="staff-bank-own"
        label={t('staff.bankOwn')}
        checked={values.bank_own_only}
        onChange={set('bank_own_only')}
      />
    </>
  );
}
