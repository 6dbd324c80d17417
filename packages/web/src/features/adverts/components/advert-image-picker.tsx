import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../components/list-state/list-state';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { ADVERT_IMAGES_PAGE_SIZE, useAdvertImages } from '../api/adverts-api';

/**
 * The ad's image from the merchant's image library (the goods' library: uploads happen on /goodsManage, inside the
 * messaging app, spec §1). A tap picks one.
 */
function AdvertImagePicker({ onPick, onClose }: { onPick: (url: string) => void; onClose: () => void }) {
  const { t } = useTranslation('adverts');
  const [pages, setPages] = useState(1);
  const images = useAdvertImages(pages);
  const list = images.data?.data ?? [];
  return (
    <SheetFrame tall title={t('editor.imagesTitle')} onClose={onClose} bodyClassName="advert-picker-body">
      <ListState
        pending={images.isPending}
        failed={images.isError && !images.data}
        error={images.error}
        onRetry={() => void images.refetch()}
        empty={list.length === 0}
        emptyGuide={<p className="muted">{t('editor.noImages')}</p>}
      >
        <ul className="advert-image-grid" aria-label={t('editor.imagesTitle')}>
          {list.map((image) => (
            <li key={image.img_id}>
              <button
                type="button"
                className="advert-image-choice"
                aria-label={image.name}
                onClick={() => {
                  onPick(image.url);
                  onClose();
                }}
              >
                <img src={image.url} alt="" loading="lazy" />
                <span>{image.name}</span>
              </button>
            </li>
          ))}
        </ul>
        {(images.data?.count ?? 0) > pages * ADVERT_IMAGES_PAGE_SIZE ? (
          <Button block fill="outline" onClick={() => setPages((p) => p + 1)}>
            {t('editor.morePages')}
          </Button>
        ) : null}
      </ListState>
    </SheetFrame>
  );
}

export const AdvertImagePickerSheet = inSheet(AdvertImagePicker);
