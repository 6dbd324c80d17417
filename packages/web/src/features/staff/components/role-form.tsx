import { addRole, editRole, type Role } from '@vendo/contract/api/staff';
import {
  MENU_GROUP_LABELS,
  MENU_GROUPS,
  PERMISSION_LABELS,
  PERMISSIONS,
  type MenuGroup,
} from '@vendo/contract/enums';
import { Checkbox, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/form/field';
import { InputField } from '../../../components/form/input-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useForm } from '../../../components/form/use-form';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { checkWithSchema } from '../../../lib/validation';
import { useAddRole } from '../api/add-role';
import { useEditRole } from '../api/edit-role';
import { revealFirstError } from '../utils/reveal-error';
import { ROLE_NAME_MAX, TEXT_MAX } from '@vendo/contract/constants';

const GROUPS = Object.keys(MENU_GROUPS) as MenuGroup[];

/** Create or edit a role: name and note required, at least one permission, grouped as the menu (spec §5, §6). */
function RoleForm({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const locale = currentLocale();
  const add = useAddRole();
  const edit = useEditRole();
  const { values, bind, set, errors, setErrors, message, attempt } = useForm({
    name: role?.name ?? '',
    note: role?.note ?? '',
    permissions: (role?.permissions ?? []) as number[],
  });

  const submit = async () => {
    // An empty field's message names it ("Role name cannot be empty").
    const labels = { name: t('role.name'), note: t('role.note') };
    const found = role
      ? checkWithSchema(editRole.request, { roleid: role.roleid, ...values }, locale, labels)
      : checkWithSchema(addRole.request, values, locale, labels);
    const next = { ...(found ?? {}) };
    if (values.permissions.length === 0) next.permissions = t('role.noPermission');
    setErrors(next);
    if (found || values.permissions.length === 0) {
      revealFirstError('role-name');
      return;
    }
    await attempt(async () => {
      if (role) await edit.mutateAsync({ roleid: role.roleid, ...values });
      else await add.mutateAsync(values);
      toast(t('saved'), { icon: 'success' });
      onClose();
    });
  };

  return (
    <SheetFrame
      tall
      title={role ? t('role.editTitle') : t('role.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={add.isPending || edit.isPending}
      message={message}
    >
      <List mode="card" className="staff-form">
        <InputField
          id="role-name"
          label={t('role.name')}
          required
          {...bind('name')}
          placeholder={t('role.namePlaceholder')}
          maxLength={ROLE_NAME_MAX}
        />
        <TextAreaField
          id="role-note"
          label={t('role.note')}
          required
          {...bind('note')}
          placeholder={t('role.notePlaceholder')}
          maxLength={TEXT_MAX.note}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
        <Field
          id="role-permissions"
          label={t('role.permissions')}
          required
          stacked
          error={errors.permissions}
        >
          <Checkbox.Group
            value={values.permissions}
            onChange={(picked) => set('permissions')(picked.map(Number))}
          >
            <div id="role-permissions" className="perm-groups">
              {GROUPS.map((group) => (
                <fieldset key={group} className="perm-group">
                  <legend>{MENU_GROUP_LABELS[group][locale]}</legend>
                  {MENU_GROUPS[group].map((name) => {
                    const code = PERMISSIONS[name];
                    return (
                      <Checkbox key={code} value={code} className="perm-check">
                        {PERMISSION_LABELS[code][locale]}
                      </Checkbox>
                    );
                  })}
                </fieldset>
              ))}
            </div>
          </Checkbox.Group>
        </Field>
      </List>
    </SheetFrame>
  );
}

/** The role form in its sheet, loaded when the role list first opens it. */
export const RoleFormSheet = inSheet(RoleForm);
