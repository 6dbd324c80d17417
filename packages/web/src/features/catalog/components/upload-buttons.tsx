import type { GoodsImage } from '@vendo/contract/api/catalog';
import { Button } from 'antd-mobile';
import { CameraOutline, InformationCircleOutline, UploadOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useImageUpload } from './use-image-upload';

/**
 * The upload entry of the image library and the image picker: the messaging app's chooser inside its browser
 * (labelled "sandbox" while the platform is simulated), elsewhere the prompt to open the page there next to a
 * plain upload from this device.
 */
export function UploadButtons({
  max,
  onUploaded,
}: {
  max: number;
  onUploaded: (images: GoodsImage[]) => void;
}) {
  const { t } = useTranslation('catalog');
  const upload = useImageUpload();
  const run = async () => {
    const images = await upload.upload(max);
    if (images.length) onUploaded(images);
  };

  if (upload.mode !== 'plain') {
    return (
      <div className="upload-box">
        <Button
          block
          color="primary"
          loading={upload.busy || upload.mode === 'pending'}
          disabled={max < 1}
          onClick={() => void run()}
        >
          <CameraOutline aria-hidden="true" /> {t('image.fromMessaging')}
        </Button>
        {upload.sandbox ? (
          <p className="sandbox-note">
            <span className="sandbox-tag">{t('sandbox')}</span> {t('image.sandboxNote')}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="upload-box">
      {upload.promptMessagingApp ? (
        <p className="upload-prompt" role="note">
          <InformationCircleOutline aria-hidden="true" />
          <span>{t('image.useMessagingApp')}</span>
        </p>
      ) : null}
      <Button
        block
        fill="outline"
        color="primary"
        loading={upload.busy}
        disabled={max < 1}
        onClick={() => void run()}
      >
        <UploadOutline aria-hidden="true" /> {t('image.fromDevice')}
      </Button>
    </div>
  );
}
