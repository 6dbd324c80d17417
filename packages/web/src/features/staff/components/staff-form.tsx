import type { SubUser } from '@vendo/contract/api/staff';
import { TEXT_MAX, MOBILE_LENGTH, STAFF_ACCOUNT_MAX } from '@vendo/contract/constants';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/form/input-field';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { StaffPasswordFields } from './staff-password-fields';
import { StaffScopeFields } from './staff-scope-fields';
import { useStaffForm } from './use-staff-form';

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
  const form = useStaffForm(staff, onClose);
  const { bind, message, submitting } = form;

  return (
    <SheetFrame
      tall
      title={staff ? t('staff.editTitle') : t('staff.addTitle')}
      onClose={onClose}
      onSubmit={() => void form.submit()}
      submitting={submitting}
      message={message}
    >
      <List mode="card" className="staff-form">
        <InputField
          id="staff-account"
          label={t('staff.account')}
          required
          {...bind('sub_username')}
          onBlur={() => void form.checkAccount()}
          placeholder={t('staff.accountPlaceholder')}
          autoComplete="off"
          maxLength={STAFF_ACCOUNT_MAX}
        />
        <InputField
          id="staff-name"
          label={t('staff.name')}
          required
          {...bind('nickname')}
          placeholder={t('staff.namePlaceholder')}
          maxLength={TEXT_MAX.name}
        />
        <InputField
          id="staff-phone"
          label={t('staff.phone')}
          {...bind('phone')}
          type="tel"
          placeholder={t('staff.phonePlaceholder')}
          maxLength={MOBILE_LENGTH}
        />
        {staff ? null : <StaffPasswordFields form={form} />}
        <StaffScopeFields form={form} />
      </List>
    </SheetFrame>
  );
}

/** The staff form in its sheet, loaded when the staff list first opens it. */
export const StaffFormSheet = inSheet(StaffForm);
