import { GIFT_FIELD_LABELS, GIFT_QUANTITY_MAX } from '@vendo/contract/api/gifts';
import { Input, List, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field/date-field';
import { Field, fieldAria } from '../../../components/form/field';
import { InputField } from '../../../components/form/input-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useForm } from '../../../components/form/use-form';
import { WeekdaysField } from '../../../components/form/weekdays-field';
import { Pagination } from '../../../components/pagination/pagination';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { MACHINE_PAGE_SIZE, useAddGift, useGiftGoods, useGiftMachines } from '../api/gifts-api';
import {
  checkGiftForm,
  emptyGiftForm,
  fieldOfRcode,
  giftRequest,
  type GiftFormValues,
} from '../utils/gift-form';

/**
 * A new batch: name, salesman, valid period, weekdays, points cost, note, the machines (the merchant's, searched
 * and paged) and the gifts (the merchant's goods), the number of codes. Every rule's message shows at its field,
 * before sending (the contract's schema and rules) and after (the server's refusal, by its code); nothing typed
 * is lost.
 */
function GiftEditor({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('gifts');
  const locale = currentLocale();
  const form = useForm<GiftFormValues>(() => emptyGiftForm());
  const { values, errors, set, check, message, send } = form;
  const save = useAddGift();
  const [keyword, setKeyword] = useState('');
  const [machinePage, setMachinePage] = useState(1);
  const machines = useGiftMachines(keyword, machinePage);
  const goods = useGiftGoods();
  const label = (field: string) => GIFT_FIELD_LABELS[field]?.[locale] ?? field;
  const dateTexts = { placeholder: t('editor.pick'), clear: t('editor.clear') };

  const submit = async () => {
    if (!check(checkGiftForm(values, locale))) return;
    const made = await send(() => save.mutateAsync(giftRequest(values)), fieldOfRcode);
    if (!made) return;
    toast(t('editor.saved', { count: made.answer.quantity }), { icon: 'success' });
    onClose();
  };

  const machineList = machines.data?.data ?? [];
  // Machines chosen on other pages stay chosen: the page's picks replace only the page's machines.
  const onPageMachines = new Set(machineList.map((m) => m.sn));
  const pickMachines = (picked: string[]) =>
    set('device_sn')([...values.device_sn.filter((sn) => !onPageMachines.has(sn)), ...picked]);

  return (
    <SheetFrame
      tall
      title={t('editor.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={save.isPending}
      message={message}
    >
      <List mode="card" className="gift-form">
        <InputField
          id="gift-name"
          label={label('name')}
          required
          value={values.name}
          onChange={set('name')}
          error={errors['name']}
          placeholder={t('editor.namePlaceholder')}
        />
        <InputField
          id="gift-salesman"
          label={label('salesman')}
          value={values.salesman}
          onChange={set('salesman')}
          error={errors['salesman']}
        />
        <Field id="gift-start" label={label('start_date')} required error={errors['start_date']}>
          <DateField
            id="gift-start"
            title={label('start_date')}
            value={values.start_date}
            onChange={set('start_date')}
            ariaProps={fieldAria('gift-start', errors['start_date'])}
            texts={dateTexts}
          />
        </Field>
        <Field id="gift-end" label={label('end_date')} required error={errors['end_date']}>
          <DateField
            id="gift-end"
            title={label('end_date')}
            value={values.end_date}
            onChange={set('end_date')}
            ariaProps={fieldAria('gift-end', errors['end_date'])}
            texts={dateTexts}
          />
        </Field>
        <Field
          id="gift-weekdays"
          label={label('weekdays')}
          required
          error={errors['weekdays']}
          description={<span className="muted">{t('editor.weekdaysHint')}</span>}
        >
          <WeekdaysField
            id="gift-weekdays"
            label={label('weekdays')}
            error={errors['weekdays']}
            value={values.weekdays}
            onChange={set('weekdays')}
          />
        </Field>
        <InputField
          id="gift-points"
          label={label('points')}
          type="number"
          inputMode="numeric"
          value={values.points}
          onChange={set('points')}
          error={errors['points']}
          description={<span className="muted">{t('editor.pointsHint')}</span>}
        />
        <InputField
          id="gift-quantity"
          label={label('quantity')}
          required
          type="number"
          inputMode="numeric"
          value={values.quantity}
          onChange={set('quantity')}
          error={errors['quantity']}
          description={<span className="muted">{t('editor.quantityHint', { max: GIFT_QUANTITY_MAX })}</span>}
        />
        <Field
          id="gift-machines"
          label={label('device_sn')}
          required
          error={errors['device_sn']}
          description={
            <span className="muted">{t('editor.chosen', { count: values.device_sn.length })}</span>
          }
        >
          <div
            id="gift-machines"
            role="group"
            aria-label={label('device_sn')}
            {...fieldAria('gift-machines', errors['device_sn'])}
          >
            <Input
              className="gift-search"
              clearable
              aria-label={t('editor.search')}
              placeholder={t('editor.search')}
              value={keyword}
              onChange={(v) => {
                setKeyword(v.trim());
                setMachinePage(1);
              }}
            />
            {machines.isSuccess && machineList.length === 0 ? (
              <p className="muted">{t('editor.noMachines')}</p>
            ) : (
              <Selector<string>
                className="choice-field gift-choices"
                columns={1}
                multiple
                showCheckMark={false}
                options={machineList.map((m) => ({
                  value: m.sn,
                  label: `${m.title || m.sn} · ${m.sn}${m.store_name ? ` · ${m.store_name}` : ''}`,
                }))}
                value={values.device_sn.filter((sn) => onPageMachines.has(sn))}
                onChange={pickMachines}
              />
            )}
            <Pagination
              current={machinePage}
              total={machines.data?.count ?? 0}
              pageSize={MACHINE_PAGE_SIZE}
              onChange={setMachinePage}
            />
          </div>
        </Field>
        <Field
          id="gift-goods"
          label={label('gifts')}
          required
          error={errors['gifts']}
          description={<span className="muted">{t('editor.chosen', { count: values.gifts.length })}</span>}
        >
          <div
            id="gift-goods"
            role="group"
            aria-label={label('gifts')}
            {...fieldAria('gift-goods', errors['gifts'])}
          >
            {goods.isSuccess && goods.data.data.length === 0 ? (
              <p className="muted">{t('editor.noGoods')}</p>
            ) : (
              <Selector<string>
                className="choice-field gift-choices"
                columns={2}
                multiple
                showCheckMark={false}
                options={(goods.data?.data ?? []).map((g) => ({
                  value: String(g.goods_id),
                  label: g.goods_name,
                }))}
                value={values.gifts.map(String)}
                onChange={(picked) => set('gifts')(picked.map(Number))}
              />
            )}
          </div>
        </Field>
        <TextAreaField
          id="gift-note"
          label={label('note')}
          value={values.note}
          onChange={set('note')}
          error={errors['note']}
          autoSize={{ minRows: 2, maxRows: 5 }}
        />
      </List>
    </SheetFrame>
  );
}

export const GiftEditorSheet = inSheet(GiftEditor);
