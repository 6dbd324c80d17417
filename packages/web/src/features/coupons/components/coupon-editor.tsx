import {
  COUPON_FIELD_LABELS,
  COUPON_QUANTITY_MAX,
  COUPON_SCOPE_LABELS,
  COUPON_SCOPES,
  COUPON_TYPE_LABELS,
  COUPON_TYPES,
  type Coupon,
} from '@vendo/contract/api/coupons';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field/date-field';
import { Field, fieldAria } from '../../../components/form/field';
import { ChoiceField } from '../../../components/form/choice-field';
import { InputField } from '../../../components/form/input-field';
import { ScopeChoices } from '../../../components/form/scope-choices';
import { useForm } from '../../../components/form/use-form';
import { WeekdaysField } from '../../../components/form/weekdays-field';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { useCouponGoods, useCouponStores, useSaveCoupon } from '../api/coupons-api';
import {
  checkCouponForm,
  couponFormOf,
  couponRequest,
  emptyCouponForm,
  fieldOfRcode,
  type CouponFormValues,
} from '../utils/coupon-form';

type DateKey = 'receive_start' | 'receive_end' | 'use_start' | 'use_end';
const DATES: DateKey[] = ['receive_start', 'receive_end', 'use_start', 'use_end'];

/**
 * A new or changed coupon: name, type (a rate in 折, or an amount off) and its minimum price, scope (all machines,
 * chosen stores, chosen goods), quantity, per-customer limit, points cost, receive and use windows, weekdays.
 * Every rule's message shows at its field, before sending (the contract's schema and rules) and after (the
 * server's refusal, by its code); nothing typed is lost.
 */
function CouponEditor({ coupon, onClose }: { coupon: Coupon | null; onClose: () => void }) {
  const { t } = useTranslation('coupons');
  const locale = currentLocale();
  const form = useForm<CouponFormValues>(() => (coupon ? couponFormOf(coupon) : emptyCouponForm()));
  const { values, errors, set, check, message, send } = form;
  const save = useSaveCoupon();
  const stores = useCouponStores();
  const goods = useCouponGoods();
  const label = (field: string) => COUPON_FIELD_LABELS[field]?.[locale] ?? field;
  const dateTexts = { placeholder: t('editor.pick'), clear: t('editor.clear') };

  const submit = async () => {
    if (!check(checkCouponForm(values, locale))) return;
    const saved = await send(
      () =>
        save.mutateAsync({ ...couponRequest(values), ...(coupon ? { coupon_id: coupon.coupon_id } : {}) }),
      fieldOfRcode,
    );
    if (!saved) return;
    toast(t('editor.saved'), { icon: 'success' });
    onClose();
  };

  return (
    <SheetFrame
      tall
      title={coupon ? t('editor.editTitle') : t('editor.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={save.isPending}
      message={message}
    >
      <List mode="card" className="coupon-form">
        <InputField
          id="coupon-name"
          label={label('name')}
          required
          value={values.name}
          onChange={set('name')}
          error={errors['name']}
          placeholder={t('editor.namePlaceholder')}
        />
        <Field id="coupon-type" label={label('type')} required error={errors['type']}>
          <ChoiceField<CouponFormValues['type']>
            id="coupon-type"
            label={label('type')}
            error={errors['type']}
            options={COUPON_TYPES.map((v) => ({ value: v, label: COUPON_TYPE_LABELS[v][locale] }))}
            value={values.type}
            onChange={(picked) => picked && set('type')(picked)}
          />
        </Field>
        {values.type === 'rate' ? (
          <InputField
            id="coupon-zhe"
            label={t('editor.zhe')}
            required
            inputMode="decimal"
            value={values.zhe}
            onChange={set('zhe')}
            error={errors['zhe']}
            placeholder="8.5"
            description={<span className="muted">{t('editor.zheHint')}</span>}
          />
        ) : (
          <InputField
            id="coupon-reduce"
            label={t('editor.reduceYuan')}
            required
            inputMode="decimal"
            value={values.reduce}
            onChange={set('reduce')}
            error={errors['reduce']}
          />
        )}
        <InputField
          id="coupon-condition"
          label={t('editor.conditionYuan')}
          inputMode="decimal"
          value={values.condition}
          onChange={set('condition')}
          error={errors['condition']}
          description={<span className="muted">{t('editor.conditionHint')}</span>}
        />
        <Field id="coupon-scope" label={label('scope')} required error={errors['scope']}>
          <ChoiceField<CouponFormValues['scope']>
            id="coupon-scope"
            label={label('scope')}
            error={errors['scope']}
            options={COUPON_SCOPES.map((v) => ({ value: v, label: COUPON_SCOPE_LABELS[v][locale] }))}
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
            {values.scope === 'goods' ? (
              <ScopeChoices
                label={t('editor.goods')}
                empty={goods.isSuccess && goods.data.data.length === 0 ? t('editor.noGoods') : null}
                options={(goods.data?.data ?? []).map((g) => ({ id: g.goods_id, name: g.goods_name }))}
                value={values.goods_ids}
                onChange={(ids) => set('goods_ids')(ids.map(Number))}
              />
            ) : null}
            {values.scope !== 'all' ? (
              <p className="muted">
                {t('editor.chosen', {
                  count: values.scope === 'stores' ? values.store_ids.length : values.goods_ids.length,
                })}
              </p>
            ) : null}
          </ChoiceField>
        </Field>
        <InputField
          id="coupon-quantity"
          label={label('quantity')}
          required
          inputMode="numeric"
          value={values.quantity}
          onChange={set('quantity')}
          error={errors['quantity']}
          description={
            <span className="muted">
              {t('editor.quantityHint')} (≤ {COUPON_QUANTITY_MAX})
            </span>
          }
        />
        <InputField
          id="coupon-limit"
          label={label('receive_limit')}
          required
          inputMode="numeric"
          value={values.receive_limit}
          onChange={set('receive_limit')}
          error={errors['receive_limit']}
          description={<span className="muted">{t('editor.limitHint')}</span>}
        />
        <InputField
          id="coupon-points"
          label={label('points')}
          inputMode="numeric"
          value={values.points}
          onChange={set('points')}
          error={errors['points']}
          description={<span className="muted">{t('editor.pointsHint')}</span>}
        />
        {DATES.map((key) => (
          <Field key={key} id={`coupon-${key}`} label={label(key)} required error={errors[key]}>
            <DateField
              id={`coupon-${key}`}
              title={label(key)}
              value={values[key]}
              onChange={set(key)}
              ariaProps={fieldAria(`coupon-${key}`, errors[key])}
              texts={dateTexts}
            />
          </Field>
        ))}
        <Field
          id="coupon-weekdays"
          label={label('weekdays')}
          required
          error={errors['weekdays']}
          description={<span className="muted">{t('editor.weekdaysHint')}</span>}
        >
          <WeekdaysField
            id="coupon-weekdays"
            label={label('weekdays')}
            error={errors['weekdays']}
            value={values.weekdays}
            onChange={set('weekdays')}
          />
        </Field>
      </List>
    </SheetFrame>
  );
}

export const CouponEditorSheet = inSheet(CouponEditor);
