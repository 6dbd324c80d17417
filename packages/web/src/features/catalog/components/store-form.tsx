import { addStore, editStore, type Store } from '@vendo/contract/api/catalog';
import {
  COOPERATION_MODE_LABELS,
  COOPERATION_MODES,
  STORE_MODE_LABELS,
  STORE_MODES,
  STORE_REFUND_MODE_LABELS,
  STORE_REFUND_MODES,
} from '@vendo/contract/enums';
import { List } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceField } from '../../../components/form/choice-field';
import { DateField } from '../../../components/date-field/date-field';
import { Field, fieldAria } from '../../../components/form/field';
import { RegionField } from '../../../components/region-field/region-field';
import { InputField } from '../../../components/form/input-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useForm } from '../../../components/form/use-form';
import { OptionPicker } from '../../../components/picker/option-picker';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { managesAllStores } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { checkWithSchema } from '../../../lib/validation';
import { useAddStore } from '../api/add-store';
import { useEditStore } from '../api/edit-store';
import { useAreaOptions } from '../api/get-areas';
import type { PickedRegion } from '../../../components/region-field/region-options';
import { storeBody, storeToForm } from '../utils/store-form-values';
import { TEXT_MAX } from '@vendo/contract/constants';

interface StoreFormProps {
  store: Store | null;
  /** The area a new store starts in (the one the list is filtered to). */
  defaultArea: number | null;
  onClose: () => void;
}

/** Create or edit a store with its area, region, people, cooperation and modes (spec §3, §9). */
function StoreForm({ store, defaultArea, onClose }: StoreFormProps) {
  const { t } = useTranslation('catalog');
  const locale = currentLocale();
  const add = useAddStore();
  const edit = useEditStore();
  const areas = useAreaOptions();
  // Moving a store to another area is refused to staff limited to listed stores (720): its area stays fixed.
  const user = useUserInfo();
  const areaFixed = store !== null && !managesAllStores(user);
  const dateTexts = { placeholder: t('pickDate'), clear: t('clear') };
  const [areaOpen, setAreaOpen] = useState(false);
  const { values, setValues, set, bind, errors, setErrors, message, attempt } = useForm(() =>
    storeToForm(store, defaultArea),
  );

  const areaOptions = (areas.data?.data ?? []).map((a) => ({ value: String(a._id), label: a.area_name }));
  const areaName =
    areaOptions.find((o) => o.value === String(values.area))?.label ??
    (store && store.area._id === values.area ? store.area.area_name : undefined);

  const setRegion = (region: PickedRegion) => {
    setValues((prev) => ({ ...prev, ...region }));
    setErrors((prev) => ({ ...prev, prov_code: undefined }));
  };

  const submit = async () => {
    const body = storeBody(values);
    // An empty field's message names it ("Store name cannot be empty").
    const labels = {
      name: t('store.name'),
      area: t('store.area'),
      address: t('store.address'),
      tel: t('store.phone'),
      prov_code: t('store.region'),
      city_code: t('store.region'),
      s_area_code: t('store.region'),
    };
    const found = store
      ? checkWithSchema(editStore.request, { _id: store._id, ...body }, locale, labels)
      : checkWithSchema(addStore.request, body, locale, labels);
    setErrors(found ?? {});
    const { area } = body;
    if (found || area === undefined) return;
    await attempt(async () => {
      if (store) await edit.mutateAsync({ _id: store._id, ...body, area });
      else await add.mutateAsync({ ...body, area });
      toast(t('saved'), { icon: 'success' });
      onClose();
    });
  };

  const regionError = errors.prov_code ?? errors.city_code ?? errors.s_area_code;

  return (
    <SheetFrame
      tall
      title={store ? t('store.editTitle') : t('store.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={add.isPending || edit.isPending}
      message={message}
    >
      <List mode="card" className="catalog-form" header={t('store.basics')}>
        <InputField
          id="store-name"
          label={t('store.name')}
          required
          {...bind('name')}
          placeholder={t('store.namePlaceholder')}
          maxLength={TEXT_MAX.name}
        />
        <Field id="store-area" label={t('store.area')} required error={errors.area}>
          <button
            type="button"
            id="store-area"
            className="picker-trigger"
            disabled={areaFixed}
            onClick={() => setAreaOpen(true)}
            {...fieldAria('store-area', errors.area)}
          >
            {areaName ? (
              <span>{areaName}</span>
            ) : (
              <span className="picker-placeholder">
                {areas.isSuccess && areaOptions.length === 0
                  ? t('store.noAreaYet')
                  : t('store.areaPlaceholder')}
              </span>
            )}
            {areaFixed ? null : <RightOutline aria-hidden="true" />}
          </button>
        </Field>
        <Field id="store-region" label={t('store.region')} error={regionError}>
          <RegionField
            id="store-region"
            value={values}
            onChange={setRegion}
            onIncomplete={() => setErrors((prev) => ({ ...prev, prov_code: t('store.regionIncomplete') }))}
            ariaProps={fieldAria('store-region', regionError)}
            texts={{
              title: t('store.region'),
              placeholder: t('store.regionPlaceholder'),
              clear: t('store.clearRegion'),
              pick: t('pick'),
              loadFailed: t('store.regionLoadFailed'),
            }}
          />
        </Field>
        <InputField
          id="store-address"
          label={t('store.address')}
          {...bind('address')}
          placeholder={t('store.addressPlaceholder')}
          maxLength={TEXT_MAX.address}
        />
        <InputField
          id="store-tel"
          label={t('store.phone')}
          {...bind('tel')}
          type="tel"
          placeholder={t('phonePlaceholder')}
          maxLength={TEXT_MAX.phone}
        />
      </List>

      <List mode="card" className="catalog-form" header={t('store.business')}>
        <InputField
          id="store-manager"
          label={t('store.manager')}
          {...bind('manager')}
          placeholder={t('optional')}
          maxLength={TEXT_MAX.name}
        />
        <InputField
          id="store-salesman"
          label={t('store.salesman')}
          {...bind('salesman')}
          placeholder={t('optional')}
          maxLength={TEXT_MAX.name}
        />
        <Field id="store-coop-start" label={t('store.coopStart')} error={errors.coop_start}>
          <DateField
            id="store-coop-start"
            title={t('store.coopStart')}
            value={values.coop_start}
            onChange={set('coop_start')}
            ariaProps={fieldAria('store-coop-start', errors.coop_start)}
            texts={dateTexts}
          />
        </Field>
        <Field id="store-coop-end" label={t('store.coopEnd')} error={errors.coop_end}>
          <DateField
            id="store-coop-end"
            title={t('store.coopEnd')}
            value={values.coop_end}
            onChange={set('coop_end')}
            ariaProps={fieldAria('store-coop-end', errors.coop_end)}
            texts={dateTexts}
          />
        </Field>
        <Field id="store-coop-mode" label={t('store.coopMode')} error={errors.coop_mode}>
          <ChoiceField
            id="store-coop-mode"
            clearable
            value={values.coop_mode}
            onChange={set('coop_mode')}
            options={COOPERATION_MODES.map((m) => ({ value: m, label: COOPERATION_MODE_LABELS[m][locale] }))}
          />
        </Field>
        <Field id="store-mode" label={t('store.mode')} error={errors.mode}>
          <ChoiceField
            id="store-mode"
            value={values.mode}
            onChange={(v) => v && set('mode')(v)}
            options={STORE_MODES.map((m) => ({ value: m, label: STORE_MODE_LABELS[m][locale] }))}
          />
        </Field>
        <Field id="store-refund" label={t('store.refundMode')} error={errors.refund_mode}>
          <ChoiceField
            id="store-refund"
            value={values.refund_mode}
            onChange={(v) => v && set('refund_mode')(v)}
            options={STORE_REFUND_MODES.map((m) => ({
              value: m,
              label: STORE_REFUND_MODE_LABELS[m][locale],
            }))}
          />
        </Field>
        <InputField
          id="store-client-code"
          label={t('store.clientCode')}
          {...bind('client_code')}
          placeholder={t('optional')}
          maxLength={TEXT_MAX.code}
        />
        <TextAreaField
          id="store-note"
          label={t('remarks')}
          {...bind('note')}
          placeholder={t('remarksPlaceholder')}
          maxLength={TEXT_MAX.remarks}
          autoSize={{ minRows: 2, maxRows: 5 }}
        />
      </List>
      <OptionPicker
        title={t('store.area')}
        options={areaOptions}
        visible={areaOpen}
        loading={areas.isPending}
        value={values.area !== null ? String(values.area) : null}
        onClose={() => setAreaOpen(false)}
        onConfirm={(picked) => {
          const id = Number(picked);
          if (Number.isInteger(id) && id > 0) set('area')(id);
        }}
      />
    </SheetFrame>
  );
}

/** The store form in its sheet, loaded when the store list first opens it. */
export const StoreFormSheet = inSheet(StoreForm);
