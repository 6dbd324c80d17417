import {
  BANK_CARD_FIELD_LABELS,
  BANK_IMAGE_FIELDS,
  BANK_IMAGE_LABELS,
  OCR_IMAGE_FIELDS,
  type BankImageField,
} from '@vendo/contract/api/bank-cards';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { errorText } from '../../../lib/api-client';
import { isWeChat } from '../../../lib/browser';
import { IMAGE_ACCEPT, useMessagingSdk } from '../../../lib/messaging-sdk';
import { alertDialog } from '../../../lib/notify';
import { pickFiles } from '../../../lib/upload';
import type { ShareCredentials } from '../api/add-bank';
import { readPhoto } from '../api/ocr-image';
import { uploadFilePhoto, uploadWxPhoto } from '../api/upload-bank-image';
import { formatCardNumber } from '@vendo/contract/validation';

/** A photo once uploaded: the id the image form sends, and a URL to show it. */
export interface Photo {
  image_id: string;
  url: string;
}
export type Photos = Record<BankImageField, Photo | null>;

export const NO_PHOTOS: Photos = photosOf({});

/** The six photos of an answer (getImage, getBankInfoRecord), none where it has none. */
export function photosOf(images: Partial<Record<BankImageField, Photo | null>>): Photos {
  return Object.fromEntries(BANK_IMAGE_FIELDS.map((f) => [f, images[f] ?? null])) as Photos;
}

/** What the OCR made of a card or ID front; `failed` when it could not read it. */
export interface OcrRead {
  sandbox: boolean;
  failed: boolean;
  acct_no?: string;
  acct_name?: string;
  acct_cert_no?: string;
}

/** The spec's tip shows this long after the step opens (0.3 s). */
const TIP_DELAY_MS = 300;

const isOcrField = (field: BankImageField): field is (typeof OCR_IMAGE_FIELDS)[number] =>
  (OCR_IMAGE_FIELDS as readonly string[]).includes(field);

interface PhotosStepProps {
  photos: Photos;
  onPhoto: (field: BankImageField, photo: Photo) => void;
  /** What the OCR read: the editor pre-fills the form with it (number and name). */
  onOcr: (field: BankImageField, read: OcrRead) => void;
  ocr: Partial<Record<BankImageField, OcrRead>>;
  share: ShareCredentials | null;
  error: string | null;
  message: string | null;
  submitting: boolean;
  onBack: () => void;
  onSubmit: () => void;
}

/**
 * Step 2 (spec §2): the six photos. Inside WeChat they come through the JS-SDK (wx.chooseImage, wx.uploadImage,
 * then /k/uploadWxImage); elsewhere through a plain file input (/k/uploadImage). The card and ID fronts go
 * through the OCR, which offers the number and name it read ("OCR fail (enter manually)" when it cannot).
 */
export function PhotosStep(props: PhotosStepProps) {
  const { photos, onPhoto, onOcr, ocr, share, error, message, submitting, onBack, onSubmit } = props;
  const { t } = useTranslation('bankCards');
  const locale = currentLocale();
  const [inWeChat] = useState(() => isWeChat(navigator.userAgent));
  // The invitation has no login, and wx.config needs one: there, the plain upload (/b/uploadImageForShare).
  const sdk = useMessagingSdk(share === null);
  const [busy, setBusy] = useState<BankImageField | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => void alertDialog(t('photos.tipText'), t('photos.gotIt')), TIP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [t]);

  const upload = async (field: BankImageField) => {
    const messaging = sdk.data;
    let file: File | undefined;
    let localId: string | undefined;
    // Choosers open only inside the tap's gesture: choose first, then upload.
    if (messaging) localId = (await messaging.chooseImage(1))[0];
    else file = (await pickFiles({ accept: IMAGE_ACCEPT }))[0];
    if (!localId && !file) return;
    setBusy(field);
    try {
      const uploaded =
        messaging && localId
          ? await uploadWxPhoto(field, await messaging.uploadImage(localId), share)
          : await uploadFilePhoto(field, file as File, share);
      onPhoto(field, { image_id: uploaded.image_id, url: uploaded.url });
      if (isOcrField(field)) {
        try {
          const read = await readPhoto(uploaded.image_id, field, share);
          onOcr(field, { ...read, failed: !read.acct_no && !read.acct_name && !read.acct_cert_no });
        } catch {
          onOcr(field, { sandbox: false, failed: true });
        }
      }
    } catch (failure) {
      void alertDialog(t('photos.uploadFailed', { reason: errorText(failure) }), t('photos.gotIt'));
    } finally {
      setBusy(null);
    }
  };

  const readFields = (read: OcrRead) =>
    [
      read.acct_no ? `${BANK_CARD_FIELD_LABELS.acct_no?.[locale]} ${formatCardNumber(read.acct_no)}` : '',
      read.acct_name ? `${BANK_CARD_FIELD_LABELS.acct_name?.[locale]} ${read.acct_name}` : '',
      read.acct_cert_no ? `${BANK_CARD_FIELD_LABELS.acct_cert_no?.[locale]} ${read.acct_cert_no}` : '',
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <div className="bc-step">
      {inWeChat && sdk.data?.sandbox ? (
        <p className="sandbox-note">{t('photos.sandbox')}: wx.chooseImage</p>
      ) : null}
      {!inWeChat && !share ? <p className="bc-note">{t('photos.useMessagingApp')}</p> : null}
      <ul className="bc-photos">
        {BANK_IMAGE_FIELDS.map((field) => {
          const photo = photos[field];
          const read = ocr[field];
          const name = BANK_IMAGE_LABELS[field][locale];
          return (
            <li key={field} className="bc-photo" data-field={field}>
              <div className="bc-photo-frame">
                {photo ? <img src={photo.url} alt={name} /> : <span className="muted">{t('noPhoto')}</span>}
              </div>
              <p className="bc-photo-name">{name}</p>
              <Button
                size="small"
                color="primary"
                fill={photo ? 'outline' : 'solid'}
                loading={busy === field}
                disabled={busy !== null && busy !== field}
                onClick={() => void upload(field)}
                aria-label={`${photo ? t('photos.reupload') : t('photos.upload')}：${name}`}
              >
                {photo ? t('photos.reupload') : t('photos.upload')}
              </Button>
              {read ? (
                <div className="bc-ocr" role="status">
                  {read.sandbox ? <span className="sandbox-tag">{t('photos.ocrSandbox')}</span> : null}
                  {read.failed ? (
                    <span className="bc-ocr-fail">{t('photos.ocrFail')}</span>
                  ) : (
                    <span>{t('photos.ocrFilled', { fields: readFields(read) })}</span>
                  )}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {message ? (
        <p className="form-message" role="alert">
          {message}
        </p>
      ) : null}
      <div className="bc-step-buttons">
        <Button size="large" fill="outline" onClick={onBack}>
          {t('editor.back')}
        </Button>
        <Button size="large" color="primary" loading={submitting} disabled={busy !== null} onClick={onSubmit}>
          {t('editor.submit')}
        </Button>
      </div>
    </div>
  );
}
