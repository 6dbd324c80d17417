import type { GoodsImage } from '@vendo/contract/api/catalog';
import { Image } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { ListSearch } from '../../../components/list-search/list-search';
import { ListState } from '../../../components/list-state/list-state';
import { Pagination } from '../../../components/pagination/pagination';
import { IMAGES_PAGE_SIZE, useImages } from '../api/get-images';

/** One page of the image library, searched by name: what the library screen and the image picker browse. */
export function useImageBrowser() {
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const images = useImages({ page, name });
  return {
    page,
    setPage,
    name,
    search: (term: string) => {
      setName(term);
      setPage(1);
    },
    images,
    list: images.data?.data ?? [],
  };
}

interface ImageGridProps {
  browser: ReturnType<typeof useImageBrowser>;
  onTap: (image: GoodsImage) => void;
  /** The urls chosen so far, where several are picked at once; each shows a check. */
  picked?: readonly string[];
  /** A tap opens the image's actions (the library) rather than choosing it (the picker). */
  opensActions?: boolean;
}

/** The search box, the thumbnails with their names, and the pages of the library. */
export function ImageGrid({ browser, onTap, picked, opensActions }: ImageGridProps) {
  const { t } = useTranslation('catalog');
  const { images, list, name, page } = browser;
  return (
    <>
      <ListSearch placeholder={t('image.search')} onSearch={browser.search} />
      <ListState
        pending={images.isPending}
        failed={images.isError && !images.data}
        error={images.error}
        onRetry={() => void images.refetch()}
        empty={list.length === 0}
        emptyGuide={<EmptyGuide description={name ? t('noMatch') : t('image.empty')} />}
      >
        <ul className="image-grid">
          {list.map((image) => {
            const selected = picked?.includes(image.url) ?? false;
            return (
              <li key={image.img_id}>
                <button
                  type="button"
                  className="image-cell"
                  aria-haspopup={opensActions ? 'dialog' : undefined}
                  aria-pressed={picked ? selected : undefined}
                  onClick={() => onTap(image)}
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
          onChange={browser.setPage}
        />
      </ListState>
    </>
  );
}
