import type { GoodsImage } from '@vendo/contract/api/catalog';
import { Button, Image, SearchBar } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { Pagination } from '../../../components/pagination/pagination';
import { IMAGES_PAGE_SIZE, useImages } from '../api/get-images';
import { SheetForm } from './form-sheet';
import { ListState } from './list-state';
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
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const images = useImages({ page, name });
  const list = images.data?.data ?? [];

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
    <SheetForm
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
        <SearchBar
          placeholder={t('image.search')}
          onSearch={(value) => {
            setName(value.trim());
            setPage(1);
          }}
          onClear={() => {
            setName('');
            setPage(1);
          }}
        />
        <ListState
          pending={images.isPending}
          failed={images.isError && !images.data}
          onRetry={() => void images.refetch()}
          empty={list.length === 0}
          emptyGuide={<EmptyGuide description={name ? t('noMatch') : t('image.empty')} />}
        >
          <ul className="image-grid">
            {list.map((image) => {
              const selected = picked.includes(image.url);
              return (
                <li key={image.img_id}>
                  <button
                    type="button"
                    className="image-cell"
                    aria-pressed={max > 1 ? selected : undefined}
                    onClick={() => toggle(image)}
                  >
                    <Image src={image.url} alt="" fit="cover" lazy className="image-thumb" />
                    <span className="image-name">{image.name}</span>
                    {selected ? <CheckCircleFill className="image-check" aria-hidden="true" /> : null}
                  </button>
                </li>
              );
            })}
          </ul>
          <Pagination
            current={page}
            total={images.data?.count ?? 0}
            pageSize={IMAGES_PAGE_SIZE}
            onChange={setPage}
          />
        </ListState>
      </div>
    </SheetForm>
  );
}
