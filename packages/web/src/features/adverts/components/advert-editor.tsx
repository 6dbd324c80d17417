import {
  ADVERT_FIELD_LABELS,
  ADVERT_ID_MAX,
  ADVERT_SCOPE_LABELS,
  ADVERT_SCOPES,
  ADVERT_TEXT_MAX,
  ADVERT_TYPE_FIELDS,
  ADVERT_TYPE_LABELS,
  ADVERT_TYPES,
  type Advert,
  type AdvertType,
} from '@vendo/contract/api/adverts';
import { couponTermsText } from '@vendo/contract/api/coupons';
import { Button, List, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, fieldAria } from '../../../components/form/field';
import { ChoiceField } from '../../../components/form/choice-field';
import { InputField } from '../../../components/form/input-field';
import { ScopeChoices } from '../../../components/form/scope-choices';
import { useForm } from '../../../components/form/use-form';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { useAdvertCoupons, useAdvertMachines, useAdvertStores, useSaveAdvert } from '../api/adverts-api';
import {
  advertFormOf,
  advertRequest,
  checkAdvertForm,
  emptyAdvertForm,
  fieldOfRcode,
  type AdvertFormValues,
} from '../utils/advert-form';
import { AdvertImagePickerSheet } from './advert-image-picker';

/**
 * A new or changed ad plan: name, type (spec §9, 0–7), the fields of that type, and where it shows (all machines,
 * chosen stores, chosen machines). Every rule's message shows at its field, before sending (the contract's schema
 * and rules) and after (the server's refusal, by its code); the fields of other types keep what was typed while
 * the type changes, and only the chosen type's are sent.
 */
function AdvertEditor({ advert, onClose }: { advert: Advert | null; onClose: () => void }) {
  const { t } = useTranslation('adverts');
  const locale = currentLocale();
  const form = useForm<AdvertFormValues>(() => (advert ? advertFormOf(advert) : emptyAdvertForm()));
  const { values, errors, set, check, message, send } = form;
  const save = useSaveAdvert();
  const stores = useAdvertStores();
  const machines = useAdvertMachines();
  const coupons = useAdvertCoupons();
  const [picker, setPicker] = useState<{ open: boolean; key: number } | null>(null);
  const label = (field: string) => ADVERT_FIELD_LABELS[field]?.[locale] ?? field;
  const uses = ADVERT_TYPE_FIELDS[values.type];
  const linkRequired = values.type === 1 || values.type === 2;

  const submit = async () => {
    if (!check(checkAdvertForm(values, locale))) return;
    const saved = await send(
      () =>
        save.mutateAsync({ ...advertRequest(values), ...(advert ? { advert_id: advert.advert_id } : {}) }),
      fieldOfRcode,
    );
    if (!saved) return;
    toast(t('editor.saved'), { icon: 'success' });
    onClose();
  };

  const linkHint =
    values.type === 5 ? t('editor.miniProgramLink') : values.type === 6 ? t('editor.appLink') : null;
  const couponList = coupons.data?.data ?? [];

  return (
    <SheetFrame
      tall
      title={advert ? t('editor.editTitle') : t('editor.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={save.isPending}
      message={message}
    >
      <List mode="card" className="advert-form">
        <InputField
          id="advert-name"
          label={label('name')}
          required
          value={values.name}
          onChange={set('name')}
          error={errors['name']}
          placeholder={t('editor.namePlaceholder')}
        />
        <Field id="advert-type" label={label('type')} required error={errors['type']}>
          <ChoiceField<string>
            id="advert-type"
            label={label('type')}
            error={errors['type']}
            columns={2}
            options={ADVERT_TYPES.map((v) => ({ value: String(v), label: ADVERT_TYPE_LABELS[v][locale] }))}
            value={String(values.type)}
            onChange={(picked) => picked && set('type')(Number(picked) as AdvertType)}
          >
            {values.type === 0 ? <p className="muted">{t('editor.noneHint')}</p> : null}
            {values.type === 3 ? <p className="muted">{t('editor.webHint')}</p> : null}
            {values.type === 7 ? <p className="muted">{t('editor.networkHint')}</p> : null}
          </ChoiceField>
        </Field>
        {uses.includes('text') ? (
          <InputField
            id="advert-text"
            label={label('text')}
            required
            maxLength={ADVERT_TEXT_MAX}
            value={values.text}
            onChange={set('text')}
            error={errors['text']}
            placeholder={t('editor.textPlaceholder')}
          />
        ) : null}
        {uses.includes('image') ? (
          <Field
            id="advert-image"
            label={label('image')}
            required
            error={errors['image']}
            description={<span className="muted">{t('editor.imageHint')}</span>}
          >
            <div className="advert-image-field">
              {values.image ? <img src={values.image} alt={label('image')} className="advert-image" /> : null}
              <Button
                id="advert-image"
                size="small"
                onClick={() => setPicker((p) => ({ open: true, key: (p?.key ?? 0) + 1 }))}
                {...fieldAria('advert-image', errors['image'])}
              >
                {values.image ? t('editor.changeImage') : t('editor.pickImage')}
              </Button>
            </div>
          </Field>
        ) : null}
        {uses.includes('link') ? (
          <InputField
            id="advert-link"
            label={label('link')}
            required={linkRequired}
            inputMode="url"
            value={values.link}
            onChange={set('link')}
            error={errors['link']}
            placeholder={t('editor.linkPlaceholder')}
            description={
              linkHint || !linkRequired ? (
                <span className="muted">{linkHint ?? t('editor.linkOptional')}</span>
              ) : undefined
            }
          />
        ) : null}
        {uses.includes('web_url') ? (
          <InputField
            id="advert-web_url"
            label={label('web_url')}
            required
            inputMode="url"
            value={values.web_url}
            onChange={set('web_url')}
            error={errors['web_url']}
            placeholder={t('editor.linkPlaceholder')}
          />
        ) : null}
        {uses.includes('coupon_id') ? (
          <Field id="advert-coupon_id" label={label('coupon_id')} required error={errors['coupon_id']}>
            <div
              id="advert-coupon_id"
              role="group"
              aria-label={t('editor.pickCoupon')}
              {...fieldAria('advert-coupon_id', errors['coupon_id'])}
            >
              {coupons.isSuccess && couponList.length === 0 ? (
                <p className="muted">{t('editor.noCoupons')}</p>
              ) : (
                <Selector<string>
                  className="choice-field scope-choices"
                  columns={1}
                  showCheckMark={false}
                  options={couponList.map((c) => ({
                    value: String(c.coupon_id),
                    label: `${c.name} · ${couponTermsText(c, locale)}`,
                  }))}
                  value={values.coupon_id ? [String(values.coupon_id)] : []}
                  onChange={(picked) => set('coupon_id')(Number(picked[0] ?? 0))}
                />
              )}
            </div>
          </Field>
        ) : null}
        {uses.includes('app_id') ? (
          <InputField
            id="advert-app_id"
            label={label('app_id')}
            required={values.type !== 7}
            maxLength={ADVERT_ID_MAX}
            value={values.app_id}
            onChange={set('app_id')}
            error={errors['app_id']}
          />
        ) : null}
        {uses.includes('placement_id') ? (
          <InputField
            id="advert-placement_id"
            label={label('placement_id')}
            required
            maxLength={ADVERT_ID_MAX}
            value={values.placement_id}
            onChange={set('placement_id')}
            error={errors['placement_id']}
          />
        ) : null}
        <Field id="advert-scope" label={label('scope')} required error={errors['scope']}>
          <ChoiceField<AdvertFormValues['scope']>
            id="advert-scope"
            label={label('scope')}
            error={errors['scope']}
            options={ADVERT_SCOPES.map((v) => ({ value: v, label: ADVERT_SCOPE_LABELS[v][locale] }))}
            value={values.scope}
            onChange={(picked) => picked && set('scope')(picked)}
          >
            {values.scope === 'stores' ? (
              <ScopeChoices
                label={t('editor.stores')}
                empty={stores.isSuccess && stores.data.data.length === 0 ? t('editor.noStores') : null}
                options={(stores.data?.data ?? []).map((s) => ({ id: s._id, name: s.store_name }))}
                value={values.store_ids}
                onChange={(ids) => set('store_ids')(ids.map(Number))}
              />
            ) : null}
            {values.scope === 'machines' ? (
              <ScopeChoices
                label={t('editor.machines')}
                empty={machines.isSuccess && machines.data.data.length === 0 ? t('editor.noMachines') : null}
                options={(machines.data?.data ?? []).map((m) => ({
                  id: m.sn,
                  name: m.title ? `${m.title} · ${m.sn}` : m.sn,
                }))}
                value={values.sns}
                onChange={set('sns')}
              />
            ) : null}
            {values.scope !== 'all' ? (
              <p className="muted">
                {t('editor.chosen', {
                  count: values.scope === 'stores' ? values.store_ids.length : values.sns.length,
                })}
              </p>
            ) : null}
          </ChoiceField>
        </Field>
      </List>
      {picker ? (
        <AdvertImagePickerSheet
          key={picker.key}
          visible={picker.open}
          onPick={set('image')}
          onClose={() => setPicker((p) => (p ? { ...p, open: false } : p))}
        />
      ) : null}
    </SheetFrame>
  );
}

export const AdvertEditorSheet = inSheet(AdvertEditor);
