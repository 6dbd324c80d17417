import type { GoodsImage } from '@vendo/contract/api/catalog';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SheetFrame } from '../../../components/sheet/sheet';
import { ImageGrid, useImageBrowser } from './image-grid';
import { UploadButtons } from './upload-buttons';

interface ImagePickerProps {
  title: string;
  /** How many images may still be picked (1 for the main image, up to 8 for detail images). */
  max: number;
  onPick: (urls: string[]) => void;
  onClose: () => void;
}

/**
 * Picks images for goods from the library, or uploads new ones and takes them at once (goods may only show
 * images the library holds).
 */
export function ImagePicker({ title, max, onPick, onClose }: ImagePickerProps) {
  const { t } = useTranslation('catalog');
  const browser = useImageBrowser();
  const [picked, setPicked] = useState<string[]>([]);

  const finish = (urls: string[]) => {
    onPick(urls.slice(0, max));
    onClose();
  };

  const toggle = (image: GoodsImage) => {
    if (max === 1) {
      finish([image.url]);
      return;
    }
    setPicked((prev) =>
      prev.includes(image.url)
        ? prev.filter((url) => url !== image.url)
        : prev.length < max
          ? [...prev, image.url]
          : prev,
    );
  };

  return (
    <SheetFrame
      tall
      title={title}
      onClose={onClose}
      footer={
        max > 1 ? (
          <Button
            block
            color="primary"
            size="large"
            disabled={picked.length === 0}
            onClick={() => finish(picked)}
          >
            {t('image.useSelected', { count: picked.length, max })}
          </Button>
        ) : undefined
      }
    >
      <div className="picker-body">
        <UploadButtons
          max={max}
          onUploaded={(uploaded) => finish([...picked, ...uploaded.map((image) => image.url)])}
        />
        <h3 className="picker-section">{t('image.orLibrary')}</h3>
        <ImageGrid browser={browser} onTap={toggle} picked={max > 1 ? picked : undefined} />
      </div>
    </SheetFrame>
  );
}
