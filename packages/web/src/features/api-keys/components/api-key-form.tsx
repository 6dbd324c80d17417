import { addApiKey } from '@vendo/contract/api/api-keys';
import { TEXT_MAX } from '@vendo/contract/constants';
import {
  MENU_GROUP_LABELS,
  MENU_GROUPS,
  PERMISSION_LABELS,
  PERMISSIONS,
  type MenuGroup,
} from '@vendo/contract/enums';
import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceField } from '../../../components/form/choice-field';
import { Field } from '../../../components/form/field';
import { InputField } from '../../../components/form/input-field';
import { ScopeChoices } from '../../../components/form/scope-choices';
import { useForm } from '../../../components/form/use-form';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/notify';
import { checkWithSchema } from '../../../lib/validation';
import { useAddApiKey, useStores } from '../api/api-keys-api';

const GROUPS = Object.keys(MENU_GROUPS) as MenuGroup[];

/** A new key: name, permission codes (grouped as the menu), all stores or some; then the key, shown once. */
function ApiKeyForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('apiKeys');
  const [made, setMade] = useState<string | null>(null);
  if (made !== null) return <MadeKey apiKey={made} onClose={onClose} />;
  return <NewKeyForm onMade={setMade} onClose={onClose} title={t('form.title')} />;
}

function NewKeyForm({
  title,
  onMade,
  onClose,
}: {
  title: string;
  onMade: (key: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('apiKeys');
  const locale = currentLocale();
  const add = useAddApiKey();
  const stores = useStores();
  const { values, bind, set, errors, setErrors, message, attempt } = useForm({
    name: '',
    permissions: [] as number[],
    scope: 'all' as 'all' | 'some',
    store: [] as string[],
  });

  const submit = async () => {
    const body = {
      name: values.name,
      permissions: values.permissions,
      all_device: values.scope === 'all' ? (1 as const) : (0 as const),
      store: values.store.map(Number),
    };
    const found = checkWithSchema(addApiKey.request, body, locale, {
      name: t('form.name'),
      permissions: t('form.permissions'),
      store: t('form.stores'),
    });
    const next = { ...(found ?? {}) };
    if (values.permissions.length === 0) next.permissions = t('form.noPermission');
    setErrors(next);
    if (found || values.permissions.length === 0) return;
    await attempt(async () => {
      const answer = await add.mutateAsync(body);
      onMade(answer.key);
    });
  };

  const storeOptions = (stores.data?.data ?? []).map((s) => ({ id: s._id, name: s.store_name }));
  return (
    <SheetFrame
      tall
      title={title}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitText={t('form.create')}
      submitting={add.isPending}
      message={message}
    >
      <List mode="card" className="api-key-form">
        <InputField
          id="api-key-name"
          label={t('form.name')}
          required
          {...bind('name')}
          placeholder={t('form.namePlaceholder')}
          maxLength={TEXT_MAX.name}
        />
        <Field id="api-key-permissions" label={t('form.permissions')} required error={errors.permissions}>
          <div id="api-key-permissions" className="api-key-perm-groups api-key-wide">
            {GROUPS.map((group) => (
              <fieldset key={group} className="api-key-perm-group">
                <legend>{MENU_GROUP_LABELS[group][locale]}</legend>
                <ScopeChoices
                  label={MENU_GROUP_LABELS[group][locale]}
                  empty={null}
                  options={MENU_GROUPS[group].map((name) => ({
                    id: PERMISSIONS[name],
                    name: PERMISSION_LABELS[PERMISSIONS[name]][locale],
                  }))}
                  value={values.permissions.filter((code) =>
                    MENU_GROUPS[group].some((name) => PERMISSIONS[name] === code),
                  )}
                  onChange={(picked) => {
                    const inGroup = MENU_GROUPS[group].map((name): number => PERMISSIONS[name]);
                    set('permissions')([
                      ...values.permissions.filter((code) => !inGroup.includes(code)),
                      ...picked.map(Number),
                    ]);
                  }}
                />
              </fieldset>
            ))}
          </div>
        </Field>
        <Field id="api-key-scope" label={t('form.stores')} required error={errors.store}>
          <div className="api-key-wide">
            <ChoiceField
              id="api-key-scope"
              label={t('form.stores')}
              options={[
                { value: 'all', label: t('form.allStores') },
                { value: 'some', label: t('form.someStores') },
              ]}
              value={values.scope}
              onChange={(v) => set('scope')(v || 'all')}
            >
              {values.scope === 'some' ? (
                <ScopeChoices
                  className="api-key-stores"
                  label={t('form.stores')}
                  empty={storeOptions.length === 0 ? t('form.noStores') : null}
                  options={storeOptions}
                  value={values.store}
                  onChange={set('store')}
                />
              ) : null}
            </ChoiceField>
          </div>
        </Field>
      </List>
    </SheetFrame>
  );
}

/** The key, once: copy it or select it by hand; closing forgets it. */
function MadeKey({ apiKey, onClose }: { apiKey: string; onClose: () => void }) {
  const { t } = useTranslation('apiKeys');
  const copy = async () => {
    if (await copyText(apiKey)) toast(t('created.copied'), { icon: 'success' });
    else toast(t('created.copyFailed'));
  };
  return (
    <SheetFrame
      title={t('created.title')}
      onClose={onClose}
      footer={
        <Button block color="primary" onClick={onClose}>
          {t('created.done')}
        </Button>
      }
    >
      <div className="api-key-made">
        <p className="api-key-warning" role="alert">
          {t('created.warning')}
        </p>
        <p className="api-key-secret">
          <code aria-label={t('list.label')}>{apiKey}</code>
        </p>
        <Button block fill="outline" onClick={() => void copy()}>
          {t('created.copy')}
        </Button>
      </div>
    </SheetFrame>
  );
}

/** The form in its sheet, loaded when the screen first opens it. */
export const ApiKeyFormSheet = inSheet(ApiKeyForm);
