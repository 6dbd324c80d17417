import { BANK_CARD_FIELD_LABELS } from '@vendo/contract/api/bank-cards';
import {
  BANK_CODES,
  BANK_LABELS,
  CERT_TYPE_LABELS,
  CERT_TYPES,
  isBankCode,
  type CertType,
} from '@vendo/contract/enums';
import { TEXT_MAX, ID_NUMBER_LENGTH, MOBILE_LENGTH } from '@vendo/contract/constants';
import { checkBranchPrerequisites, formatCardNumber } from '@vendo/contract/validation';
import { Button, List } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BranchField } from './branch-field';
import { DateField } from '../../../components/date-field/date-field';
import { ChoiceField } from '../../../components/form/choice-field';
import { Field, fieldAria } from '../../../components/form/field';
import { InputField } from '../../../components/form/input-field';
import { OptionPicker } from '../../../components/picker/option-picker';
import { RegionField, type RegionFieldTexts } from '../../../components/region-field/region-field';
import { currentLocale } from '../../../i18n/i18n';
import type { FieldErrors } from '../../../lib/validation';
import { validationText } from '../../../lib/validation';
import {
  pickBank,
  pickBankRegion,
  pickValidity,
  validityBounds,
  type MerchantFormValues,
} from '../utils/merchant-form-values';

interface MerchantFormStepProps {
  values: MerchantFormValues;
  errors: FieldErrors;
  /** A change of one or more fields; the messages of the fields named go. */
  update: (change: (prev: MerchantFormValues) => MerchantFormValues, settles: readonly string[]) => void;
  setError: (field: string, message: string) => void;
  message: string | null;
  submitting: boolean;
  onNext: () => void;
  /** Closes the editor; absent where there is nowhere to go back to (/shareAddBank). */
  onCancel?: () => void;
}

/**
 * Step 1 of the merchant entry (spec §2, §3, §5): holder, certificate, validity, bank, bank region, branch, card
 * number, holder phone, store region and address. Labels are the contract's, so an empty field's message
 * ("<label> cannot be empty") names what the person sees.
 */
export function MerchantFormStep(props: MerchantFormStepProps) {
  const { values, errors, update, setError, message, submitting, onNext, onCancel } = props;
  const { t } = useTranslation('bankCards');
  const locale = currentLocale();
  const [now] = useState(() => Date.now());
  const [bankOpen, setBankOpen] = useState(false);
  const label = (field: string) => BANK_CARD_FIELD_LABELS[field]?.[locale] ?? field;
  const set =
    <K extends keyof MerchantFormValues>(name: K) =>
    (value: MerchantFormValues[K]) =>
      update((prev) => ({ ...prev, [name]: value }), [name]);
  const bind = <K extends 'acct_name' | 'acct_cert_no' | 'acct_mobile' | 'address'>(name: K) => ({
    value: values[name],
    onChange: set(name),
    error: errors[name],
  });
  const regionTexts = (title: string, placeholder: string): RegionFieldTexts => ({
    title,
    placeholder,
    clear: t('editor.clear'),
    pick: t('editor.pick'),
    loadFailed: t('editor.regionLoadFailed'),
  });
  const dateTexts = { placeholder: t('editor.pickDate'), clear: t('editor.clear') };
  const validity = (side: 'start' | 'end') => (day: string) =>
    update(
      (prev) => ({ ...prev, ...pickValidity(prev, side, day) }),
      ['cert_start_date', 'cert_expire_date'],
    );
  const bankLabel = values.bank_code ? BANK_LABELS[values.bank_code][locale] : '';
  const otherCert = values.cert_type !== 'idCard';

  return (
    <form
      className="bc-step"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!submitting) onNext();
      }}
    >
      <List mode="card" className="bc-form">
        <InputField
          id="bc-holder"
          label={label('acct_name')}
          required
          {...bind('acct_name')}
          placeholder={t('editor.holderPlaceholder')}
          maxLength={TEXT_MAX.name}
        />
        <Field id="bc-cert-type" label={label('cert_type')} required error={errors.cert_type}>
          <ChoiceField<CertType>
            id="bc-cert-type"
            label={label('cert_type')}
            options={CERT_TYPES.map((c) => ({ value: c, label: CERT_TYPE_LABELS[c][locale] }))}
            value={values.cert_type}
            onChange={(v) => {
              if (v) set('cert_type')(v);
            }}
          />
        </Field>
        {otherCert ? (
          <p className="bc-note" role="alert">
            {validationText('certContactSupport', locale)}
          </p>
        ) : null}
        <InputField
          id="bc-id-number"
          label={label('acct_cert_no')}
          required
          {...bind('acct_cert_no')}
          placeholder={t('editor.idPlaceholder')}
          maxLength={ID_NUMBER_LENGTH}
          autoComplete="off"
        />
        <Field id="bc-valid-from" label={label('cert_start_date')} required error={errors.cert_start_date}>
          <DateField
            id="bc-valid-from"
            title={label('cert_start_date')}
            value={values.cert_start_date}
            onChange={validity('start')}
            ariaProps={fieldAria('bc-valid-from', errors.cert_start_date)}
            texts={dateTexts}
            {...validityBounds('start', now)}
          />
        </Field>
        <Field
          id="bc-valid-until"
          label={label('cert_expire_date')}
          required
          error={errors.cert_expire_date}
          description={<span className="field-hint">{t('editor.validityHint')}</span>}
        >
          <DateField
            id="bc-valid-until"
            title={label('cert_expire_date')}
            value={values.cert_expire_date}
            onChange={validity('end')}
            ariaProps={fieldAria('bc-valid-until', errors.cert_expire_date)}
            texts={dateTexts}
            {...validityBounds('end', now)}
          />
        </Field>
      </List>

      <List mode="card" className="bc-form">
        <Field id="bc-bank" label={label('bank_code')} required error={errors.bank_code}>
          <button
            type="button"
            id="bc-bank"
            className="picker-trigger"
            onClick={() => setBankOpen(true)}
            {...fieldAria('bc-bank', errors.bank_code)}
          >
            {bankLabel ? (
              <span>{bankLabel}</span>
            ) : (
              <span className="picker-placeholder">{t('editor.pickBank')}</span>
            )}
            <RightOutline aria-hidden="true" />
          </button>
        </Field>
        <Field id="bc-bank-region" label={label('bank_province')} required error={errors.bank_region}>
          <RegionField
            id="bc-bank-region"
            depth={2}
            value={values.bank_region}
            onChange={(region) =>
              update((prev) => pickBankRegion(prev, region), ['bank_region', 'bank_branch'])
            }
            onIncomplete={() => setError('bank_region', t('editor.regionIncomplete'))}
            ariaProps={fieldAria('bc-bank-region', errors.bank_region)}
            texts={regionTexts(label('bank_province'), t('editor.pickBankRegion'))}
          />
        </Field>
        <Field id="bc-branch" label={label('bank_branch')} required error={errors.bank_branch}>
          <BranchPicker values={values} update={update} setError={setError} error={errors.bank_branch} />
        </Field>
        <InputField
          id="bc-card-number"
          label={label('acct_no')}
          required
          value={values.acct_no}
          onChange={(typed) => set('acct_no')(formatCardNumber(typed))}
          error={errors.acct_no}
          placeholder={t('editor.cardPlaceholder')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={TEXT_MAX.code}
        />
        <InputField
          id="bc-phone"
          label={label('acct_mobile')}
          required
          {...bind('acct_mobile')}
          type="tel"
          placeholder={t('editor.phonePlaceholder')}
          maxLength={MOBILE_LENGTH}
        />
      </List>

      <List mode="card" className="bc-form">
        <Field id="bc-store-region" label={label('prov_code')} required error={errors.store_region}>
          <RegionField
            id="bc-store-region"
            value={values.store_region}
            onChange={set('store_region')}
            onIncomplete={() => setError('store_region', t('editor.regionIncomplete'))}
            ariaProps={fieldAria('bc-store-region', errors.store_region)}
            texts={regionTexts(label('prov_code'), t('editor.storeRegionPlaceholder'))}
          />
        </Field>
        <InputField
          id="bc-address"
          label={label('address')}
          required
          {...bind('address')}
          placeholder={t('editor.addressPlaceholder')}
          maxLength={TEXT_MAX.address}
          description={<span className="field-hint">{t('editor.addressNote')}</span>}
        />
      </List>

      {message ? (
        <p className="form-message" role="alert">
          {message}
        </p>
      ) : null}
      <div className="bc-step-buttons">
        {onCancel ? (
          <Button size="large" fill="outline" onClick={onCancel}>
            {t('editor.cancel')}
          </Button>
        ) : null}
        <Button size="large" color="primary" type="submit" loading={submitting} disabled={otherCert}>
          {t('editor.next')}
        </Button>
      </div>

      <OptionPicker
        visible={bankOpen}
        title={label('bank_code')}
        options={BANK_CODES.map((code) => ({ value: code, label: BANK_LABELS[code][locale] }))}
        value={values.bank_code || null}
        onClose={() => setBankOpen(false)}
        onConfirm={(code) => {
          if (isBankCode(code))
            update((prev) => pickBank(prev, code), ['bank_code', 'bank_region', 'bank_branch']);
        }}
      />
    </form>
  );
}

/** The branch row: bank first ("pick bank"), then bank region ("pick bank region"), then the list. */
function BranchPicker({
  values,
  update,
  setError,
  error,
}: Pick<MerchantFormStepProps, 'values' | 'update' | 'setError'> & { error: string | undefined }) {
  const locale = currentLocale();
  return (
    <BranchField
      id="bc-branch"
      bank={values.bank_code}
      provinceCode={values.bank_region.prov_code}
      cityCode={values.bank_region.city_code}
      value={values.bank_branch}
      missing={() => {
        const key = checkBranchPrerequisites(values.bank_code, values.bank_region.city_code);
        return key ? validationText(key, locale) : null;
      }}
      onMissing={(m) => setError('bank_branch', m)}
      onChange={(branch) =>
        update(
          (prev) => ({ ...prev, bank_branch: branch.bank_branch, bank_no: branch.bank_no }),
          ['bank_branch'],
        )
      }
      ariaProps={fieldAria('bc-branch', error)}
    />
  );
}
