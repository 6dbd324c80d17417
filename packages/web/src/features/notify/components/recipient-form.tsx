import { editNotify, getNotifyBindUrl, type NotifyRecipient } from '@vendo/contract/api/notify';
import { NOTIFY_KIND_LABELS, NOTIFY_KINDS, type NotifyKind } from '@vendo/contract/enums';
import { bit } from '@vendo/contract/api/fields';
import { Button, List, Selector, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, fieldAria } from '../../../components/form/field';
import { InputField } from '../../../components/form/input-field';
import { useForm } from '../../../components/form/use-form';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { TimeField } from '../../../components/time-field/time-field';
import { currentLocale } from '../../../i18n/i18n';
import { currentAgent } from '../../../lib/agent';
import { useAppConfig } from '../../../lib/app-config';
import { copyText } from '../../../lib/clipboard';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { checkWithSchema } from '../../../lib/validation';
import { useEditRecipient } from '../api/edit-recipient';
import { useBindUrl } from '../api/get-bind-url';
import { useStoreOptions } from '../api/get-store-options';

interface RecipientFormProps {
  /** null: a new recipient, whose settings go with the bind link. */
  recipient: NotifyRecipient | null;
  onClose: () => void;
}

/**
 * A recipient's settings (spec §3): remarks, kinds, do-not-disturb window, stores. For a new recipient the save
 * asks for the bind link (getNotifyBindUrl) and shows it to pass on: the recipient opens it in WeChat.
 */
function RecipientForm({ recipient, onClose }: RecipientFormProps) {
  const { t } = useTranslation('notify');
  const locale = currentLocale();
  const config = useAppConfig(currentAgent());
  const bindUrl = useBindUrl();
  const edit = useEditRecipient();
  const stores = useStoreOptions();
  const [link, setLink] = useState<{ url: string; expireAt: number } | null>(null);
  const { values, bind, set, errors, setErrors, message, attempt } = useForm({
    remarks: recipient?.remarks ?? '',
    permission: (recipient?.permission ?? [...NOTIFY_KINDS]) as NotifyKind[],
    not_disture: recipient?.not_disture === 1,
    start_notify: recipient?.start_notify ?? '',
    end_notify: recipient?.end_notify ?? '',
    all_device: recipient ? recipient.all_device === 1 : true,
    store: (recipient?.store ?? []).map((s) => String(s._id)),
  });

  const submit = async () => {
    const body = {
      remarks: values.remarks.trim(),
      permission: values.permission,
      not_disture: bit(values.not_disture),
      start_notify: values.not_disture ? values.start_notify : '',
      end_notify: values.not_disture ? values.end_notify : '',
      all_device: bit(values.all_device),
      store: values.all_device ? [] : values.store.map(Number),
    };
    // An empty field's message names it ("Remarks cannot be empty").
    const labels = {
      remarks: t('remarks'),
      permission: t('kinds'),
      start_notify: t('start'),
      end_notify: t('end'),
      store: t('stores'),
    };
    const found = {
      ...(recipient
        ? checkWithSchema(
            editNotify.request,
            { notify_id: recipient.notify_id, notice: recipient.notice, ...body },
            locale,
            labels,
          )
        : checkWithSchema(getNotifyBindUrl.request, body, locale, labels)),
    };
    if (values.permission.length === 0) found.permission = t('pickKinds');
    if (!values.all_device && values.store.length === 0) found.store = t('pickStores');
    if (values.not_disture && !values.start_notify) found.start_notify = t('pickTime');
    if (values.not_disture && !values.end_notify) found.end_notify = t('pickTime');
    setErrors(found);
    if (Object.values(found).some((m) => m !== undefined)) return;
    await attempt(async () => {
      if (recipient) {
        await edit.mutateAsync({ notify_id: recipient.notify_id, notice: recipient.notice, ...body });
        toast(t('saved'), { icon: 'success' });
        onClose();
      } else {
        const result = await bindUrl.mutateAsync(body);
        setLink({ url: result.bind_url, expireAt: result.expire_at });
      }
    });
  };

  if (link) {
    return (
      <SheetFrame
        title={t('linkTitle')}
        onClose={onClose}
        footer={
          <Button block color="primary" size="large" onClick={onClose}>
            {t('done')}
          </Button>
        }
      >
        <div className="notify-link">
          <p>{t('linkText')}</p>
          {config.data?.sandbox.messaging ? <p className="sandbox-note">{t('sandbox')}</p> : null}
          <p className="notify-link-url" data-testid="notify-bind-url">
            {link.url}
          </p>
          <p className="muted">{t('linkExpiry', { time: formatDateTime(link.expireAt) })}</p>
          <Button
            block
            color="primary"
            fill="outline"
            onClick={() =>
              void copyText(link.url).then((ok) =>
                toast(ok ? t('copied') : t('copyFailed'), { icon: ok ? 'success' : 'fail' }),
              )
            }
          >
            {t('copy')}
          </Button>
        </div>
      </SheetFrame>
    );
  }

  const storeOptions = (stores.data?.data ?? []).map((s) => ({ value: String(s._id), label: s.store_name }));
  return (
    <SheetFrame
      tall
      title={recipient ? t('editTitle') : t('addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitText={recipient ? undefined : t('next')}
      submitting={bindUrl.isPending || edit.isPending}
      message={message}
    >
      <List mode="card" className="notify-form">
        <InputField
          id="notify-remarks"
          label={t('remarks')}
          {...bind('remarks')}
          placeholder={t('remarksPlaceholder')}
          maxLength={50}
        />
        <Field id="notify-kinds" label={t('kinds')} required error={errors.permission}>
          <div id="notify-kinds" role="group" aria-label={t('kinds')}>
            <Selector<NotifyKind>
              className="choice-field"
              columns={2}
              multiple
              options={NOTIFY_KINDS.map((k) => ({ value: k, label: NOTIFY_KIND_LABELS[k][locale] }))}
              value={values.permission}
              onChange={set('permission')}
            />
          </div>
        </Field>
        <Field
          id="notify-dnd"
          label={t('dnd')}
          extra={<Switch checked={values.not_disture} onChange={set('not_disture')} aria-label={t('dnd')} />}
        >
          {null}
        </Field>
        {values.not_disture ? (
          <>
            {(['start_notify', 'end_notify'] as const).map((name) => {
              const id = name === 'start_notify' ? 'notify-start' : 'notify-end';
              const label = t(name === 'start_notify' ? 'start' : 'end');
              return (
                <Field key={name} id={id} label={label} required error={errors[name]}>
                  <TimeField
                    id={id}
                    title={label}
                    value={values[name]}
                    onChange={set(name)}
                    ariaProps={fieldAria(id, errors[name])}
                  />
                </Field>
              );
            })}
          </>
        ) : null}
        <Field
          id="notify-all-stores"
          label={t('allStores')}
          extra={
            <Switch checked={values.all_device} onChange={set('all_device')} aria-label={t('allStores')} />
          }
        >
          {null}
        </Field>
        {values.all_device ? null : (
          <Field id="notify-stores" label={t('stores')} required error={errors.store}>
            {storeOptions.length === 0 ? (
              <span className="muted">{t('noStores')}</span>
            ) : (
              <div id="notify-stores" role="group" aria-label={t('stores')}>
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
      </List>
    </SheetFrame>
  );
}

/** The recipient form in its sheet, loaded when first opened. */
export const RecipientFormSheet = inSheet(RecipientForm);
