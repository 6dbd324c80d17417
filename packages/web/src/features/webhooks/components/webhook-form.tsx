import {
  addWebhook,
  EVENT_TYPE_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookEndpoint,
} from '@vendo/contract/api/webhooks';
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
import { useSaveWebhook } from '../api/webhooks-api';

/** A new endpoint or a change: URL, the events checklist, remarks, on or off; a new one's secret, shown once. */
function WebhookForm({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const [made, setMade] = useState<string | null>(null);
  if (made !== null) return <Secret secret={made} onClose={onClose} />;
  return <EndpointForm endpoint={endpoint} onMade={setMade} onClose={onClose} />;
}

function EndpointForm({
  endpoint,
  onMade,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onMade: (secret: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const locale = currentLocale();
  const save = useSaveWebhook();
  const { values, bind, set, errors, setErrors, message, attempt } = useForm({
    url: endpoint?.url ?? '',
    events: endpoint?.events ?? [...WEBHOOK_EVENT_TYPES],
    remarks: endpoint?.remarks ?? '',
    enabled: endpoint?.enabled === 0 ? 'off' : 'on',
  });

  const submit = async () => {
    const body = {
      url: values.url,
      events: values.events as (typeof WEBHOOK_EVENT_TYPES)[number][],
      remarks: values.remarks,
      enabled: values.enabled === 'on' ? (1 as const) : (0 as const),
    };
    const found = checkWithSchema(addWebhook.request, body, locale, {
      url: t('form.url'),
      events: t('form.events'),
      remarks: t('form.remarks'),
    });
    setErrors(found ?? {});
    if (found) return;
    await attempt(async () => {
      const answer = await save.mutateAsync(endpoint ? { ...body, id: endpoint.id } : body);
      if (answer.secret) onMade(answer.secret);
      else onClose();
    });
  };

  return (
    <SheetFrame
      tall
      title={endpoint ? t('form.editTitle') : t('form.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={save.isPending}
      message={message}
    >
      <List mode="card" className="webhook-form">
        <InputField
          id="webhook-url"
          label={t('form.url')}
          required
          {...bind('url')}
          placeholder={t('form.urlPlaceholder')}
          maxLength={WEBHOOK_URL_MAX}
          type="url"
        />
        <Field id="webhook-events" label={t('form.events')} required error={errors.events}>
          <div id="webhook-events" className="webhook-wide">
            <ScopeChoices
              label={t('form.events')}
              empty={null}
              options={WEBHOOK_EVENT_TYPES.map((type) => ({
                id: type,
                name: EVENT_TYPE_LABELS[type][locale],
              }))}
              value={values.events}
              onChange={set('events')}
            />
          </div>
        </Field>
        <InputField id="webhook-remarks" label={t('form.remarks')} {...bind('remarks')} maxLength={50} />
        <Field id="webhook-enabled" label={t('form.enabled')}>
          <ChoiceField
            id="webhook-enabled"
            label={t('form.enabled')}
            options={[
              { value: 'on', label: t('form.on') },
              { value: 'off', label: t('form.off') },
            ]}
            value={values.enabled}
            onChange={(v) => set('enabled')(v || 'on')}
          />
        </Field>
      </List>
    </SheetFrame>
  );
}

/** The secret, once: copy it or select it by hand; closing forgets it. */
function Secret({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const copy = async () => {
    if (await copyText(secret)) toast(t('secret.copied'), { icon: 'success' });
    else toast(t('secret.copyFailed'));
  };
  return (
    <SheetFrame
      title={t('secret.title')}
      onClose={onClose}
      footer={
        <Button block color="primary" onClick={onClose}>
          {t('secret.done')}
        </Button>
      }
    >
      <div className="webhook-made">
        <p className="webhook-warning" role="alert">
          {t('secret.warning')}
        </p>
        <p className="webhook-secret">
          <code aria-label={t('secret.title')}>{secret}</code>
        </p>
        <Button block fill="outline" onClick={() => void copy()}>
          {t('secret.copy')}
        </Button>
      </div>
    </SheetFrame>
  );
}

/** The form in its sheet, loaded when the screen first opens it. */
export const WebhookFormSheet = inSheet(WebhookForm);
/** A rotated secret, shown once. */
export const SecretSheet = inSheet(Secret);
