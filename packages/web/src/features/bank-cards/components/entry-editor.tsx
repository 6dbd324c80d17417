import { BANK_IMAGE_FIELDS, getMerchant, isBindBank } from '@vendo/contract/api/bank-cards';
import { BANK_REVIEW_DAYS } from '@vendo/contract/constants';
import { MERCHANT_ENTRY_STEP_LABELS, type MerchantEntryStep } from '@vendo/contract/enums';
import { checkImagesComplete } from '@vendo/contract/validation';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasErrors, useForm } from '../../../components/form/use-form';
import { useRegions } from '../../../components/region-field/get-regions';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { invalidateCalls } from '../../../lib/query-keys';
import { validationText } from '../../../lib/validation';
import { saveMerchantForm, type ShareCredentials } from '../api/add-bank';
import { saveMerchantImages, type ImageForm } from '../api/add-bank-img';
import { ENTRY_ORDER, stepNumber } from '../utils/entry-steps';
import {
  applyOcr,
  checkMerchantForm,
  formBody,
  withRegionNames,
  type MerchantFormValues,
} from '../utils/merchant-form-values';
import { FIELD_OF_RCODE } from '../utils/outcome';
import { MerchantFormStep } from './merchant-form-step';
import { PhotosStep, type OcrRead, type Photo, type Photos } from './photos-step';

interface EntryEditorProps {
  /** Where it opens: the stored step of the card (or the server's resume for an invitation). */
  start: MerchantEntryStep;
  form: MerchantFormValues;
  photos: Photos;
  merchantId: string | null;
  /** The invitation's credentials on /shareAddBank; null on /bankCard. */
  share: ShareCredentials | null;
  /** Closes the editor (back to the list); absent on /shareAddBank, which has nowhere to go. */
  onClose?: () => void;
  /** Text of the success step for an invitation (who receives the card). */
  sharedWith?: string;
}

/**
 * Brings the server's refusal (at its field, else the message above the buttons) into view once it has painted:
 * the form is four screens long on a phone, and the field the server named may be far above the button.
 */
function revealFirstError(): void {
  requestAnimationFrame(() => {
    const first = document.querySelector('.bc-editor .field-error, .bc-editor .form-message');
    (first?.closest('.adm-list-item') ?? first)?.scrollIntoView({ block: 'center' });
  });
}

/**
 * The three-step merchant entry (spec §2), the same on /bankCard and /shareAddBank: the form, the six photos, the
 * success page. Everything typed stays in memory across steps and failed calls; back and cancel close the editor
 * on steps one and three, and go from the photos to the form.
 */
export function EntryEditor({
  start,
  form,
  photos: initialPhotos,
  merchantId: initialId,
  share,
  onClose,
  sharedWith,
}: EntryEditorProps) {
  const { t } = useTranslation('bankCards');
  const locale = currentLocale();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<MerchantEntryStep>(start);
  const [merchantId, setMerchantId] = useState(initialId);
  const [photos, setPhotos] = useState<Photos>(initialPhotos);
  const [ocr, setOcr] = useState<Partial<Record<keyof Photos, OcrRead>>>({});
  const [photosError, setPhotosError] = useState<string | null>(null);
  // The form as last accepted by the server: the photos step saves it again when the OCR changed it since.
  const [saved, setSaved] = useState<string | null>(initialId ? JSON.stringify(formBody(form)) : null);
  const [submitting, setSubmitting] = useState(false);
  const { values, setValues, update, setErrors, errors, message, setMessage, check } = useForm(form);

  // A stored card names its bank region by codes; the picker shows names, from the region tree.
  const needsNames = values.bank_region.prov_code !== '' && values.bank_region.prov === '';
  const regions = useRegions(needsNames);
  useEffect(() => {
    if (needsNames && regions.data) {
      const tree = regions.data;
      setValues((prev) => ({ ...prev, bank_region: withRegionNames(prev.bank_region, tree) }));
    }
  }, [needsNames, regions.data, setValues]);

  const refreshLists = () => (share ? undefined : invalidateCalls(queryClient, getMerchant, isBindBank));

  /** Step 1 to the server; false (messages shown at their fields or above the buttons) when refused. */
  const saveForm = async (): Promise<boolean> => {
    // A refusal here: useForm's check brings the first field marked in red into view.
    if (!check(checkMerchantForm(values, locale, Date.now()))) {
      setStep('form');
      return false;
    }
    setMessage(null);
    try {
      const body = formBody(values);
      const progress = await saveMerchantForm(body, merchantId, share);
      setMerchantId(progress.merchant_id);
      setSaved(JSON.stringify(body));
      void refreshLists();
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) return false;
      const field = FIELD_OF_RCODE[error.rcode];
      if (field) setErrors({ [field]: error.msg });
      else setMessage(error.msg);
      setStep('form');
      revealFirstError();
      return false;
    }
  };

  const next = async () => {
    setSubmitting(true);
    if (await saveForm()) setStep('photos');
    setSubmitting(false);
  };

  const submitPhotos = async () => {
    const key = checkImagesComplete(BANK_IMAGE_FIELDS.map((f) => photos[f]?.image_id ?? ''));
    setPhotosError(key ? validationText(key, locale) : null);
    if (key) return;
    setSubmitting(true);
    setMessage(null);
    try {
      const changed = saved !== JSON.stringify(formBody(values));
      if (changed && !(await saveForm())) return;
      const images = Object.fromEntries(
        BANK_IMAGE_FIELDS.map((f) => [f, photos[f]?.image_id ?? '']),
      ) as ImageForm;
      const progress = await saveMerchantImages(merchantId ?? '', images, share);
      setMerchantId(progress.merchant_id);
      void refreshLists();
      setStep('submitted');
    } catch (error) {
      if (error instanceof ApiError) setMessage(error.msg);
    } finally {
      setSubmitting(false);
    }
  };

  const onOcr = (field: keyof Photos, read: OcrRead) => {
    setOcr((prev) => ({ ...prev, [field]: read }));
    // A resumed card comes back with its numbers masked (so empty here): pre-filling one field of it would make
    // the submit save a form that cannot pass. The read stays on screen either way.
    const complete = !hasErrors(checkMerchantForm(values, locale, Date.now()));
    if (!read.failed && complete) setValues((prev) => applyOcr(prev, read).values);
  };

  return (
    <section className="bc-editor" aria-labelledby="bc-editor-title">
      <h2 id="bc-editor-title" className="bc-editor-title">
        {MERCHANT_ENTRY_STEP_LABELS[step][locale]}
        <span className="muted"> · {t('editor.stepOf', { n: stepNumber(step) })}</span>
      </h2>
      <ol className="bc-steps" aria-label={t('editor.stepOf', { n: stepNumber(step) })}>
        {ENTRY_ORDER.map((s) => (
          <li
            key={s}
            data-state={s === step ? 'current' : stepNumber(s) < stepNumber(step) ? 'done' : 'todo'}
            aria-current={s === step ? 'step' : undefined}
          >
            <span className="bc-step-dot" aria-hidden="true">
              {stepNumber(s)}
            </span>
            <span>{MERCHANT_ENTRY_STEP_LABELS[s][locale]}</span>
          </li>
        ))}
      </ol>
      {step === 'form' ? (
        <MerchantFormStep
          values={values}
          errors={errors}
          update={update}
          setError={(field, text) => setErrors((prev) => ({ ...prev, [field]: text }))}
          message={message}
          submitting={submitting}
          onNext={() => void next()}
          onCancel={onClose}
        />
      ) : step === 'photos' ? (
        <PhotosStep
          photos={photos}
          onPhoto={(field, photo: Photo) => {
            setPhotos((prev) => ({ ...prev, [field]: photo }));
            setPhotosError(null);
          }}
          ocr={ocr}
          onOcr={onOcr}
          share={share}
          error={photosError}
          message={message}
          submitting={submitting}
          onBack={() => setStep('form')}
          onSubmit={() => void submitPhotos()}
        />
      ) : (
        <div className="bc-step bc-success" role="status">
          <p className="bc-success-title">{t('success.title')}</p>
          {merchantId ? <p>{t('success.entryId', { id: merchantId })}</p> : null}
          <p>{t('success.review', { days: BANK_REVIEW_DAYS })}</p>
          {sharedWith ? <p className="muted">{t('success.shared', { name: sharedWith })}</p> : null}
          {onClose ? (
            <Button block size="large" color="primary" onClick={onClose}>
              {t('success.backToList')}
            </Button>
          ) : null}
        </div>
      )}
    </section>
  );
}
