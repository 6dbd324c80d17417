import type { GoodsImage } from '@vendo/contract/api/catalog';
import { DETAIL_IMAGES_MAX } from '@vendo/contract/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/dialog/confirm';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { useDeleteImage } from '../api/delete-image';
import { ImageGrid, useImageBrowser } from './image-grid';
import { UploadButtons } from './upload-buttons';

// What a tap on an image opens (its action sheet, the viewer, the rename form) loads with the first tap.
const ImageActions = lazyComponent(() => import('./image-actions').then((m) => m.ImageActions));

/** The image library (spec §7 /g/getImg, /g/editImg, /g/delImg) with the upload entry. */
export function ImageLibrary() {
  const { t } = useTranslation('catalog');
  const browser = useImageBrowser();
  const { list, page, setPage } = browser;
  const [chosen, setChosen] = useState<GoodsImage | null>(null);
  const actionsOpened = useOpenedOnce(chosen !== null);
  const remove = useDeleteImage();

  const deleteImage = async (image: GoodsImage) => {
    const deleted = await confirmDelete({
      title: t('image.deleteTitle'),
      content: t('image.deleteText', { name: image.name }),
      remove: () => remove.mutateAsync(image.img_id),
      failedTitle: t('image.deleteFailed'),
    });
    if (deleted && list.length === 1 && page > 1) setPage(page - 1);
  };

  return (
    <section className="catalog-list" aria-label={t('image.listLabel')}>
      <div className="card upload-card">
        <UploadButtons max={DETAIL_IMAGES_MAX} onUploaded={() => setPage(1)} />
      </div>
      <ImageGrid browser={browser} onTap={setChosen} opensActions />
      {actionsOpened ? (
        <ImageActions
          image={chosen}
          onClose={() => setChosen(null)}
          onDelete={(image) => void deleteImage(image)}
        />
      ) : null}
    </section>
  );
}
