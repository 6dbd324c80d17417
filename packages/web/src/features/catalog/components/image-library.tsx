import { editImg, type GoodsImage } from '@vendo/contract/api/catalog';
import { DETAIL_IMAGES_MAX } from '@vendo/contract/constants';
import { ActionSheet, Image, ImageViewer, Input, List, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyGuide } from '../../../components/empty-guide/empty-guide';
import { Pagination } from '../../../components/pagination/pagination';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { checkWithSchema } from '../../../lib/validation';
import { useDeleteImage } from '../api/delete-image';
import { IMAGES_PAGE_SIZE, useImages } from '../api/get-images';
import { useRenameImage } from '../api/rename-image';
import { explainFailure } from '../utils/error-text';
import { useForm } from '../utils/use-form';
import { confirmAction } from './confirm';
import { fieldAria, FormField } from './form-field';
import { Sheet, SheetForm } from './form-sheet';
import { ListState } from './list-state';
import { UploadButtons } from './upload-buttons';

function RenameForm({ image, onClose }: { image: GoodsImage; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const rename = useRenameImage();
  const { values, set, errors, setErrors } = useForm({ name: image.name });
  const submit = async () => {
    const body = { img_id: image.img_id, name: values.name };
    const found = checkWithSchema(editImg.request, body, currentLocale());
    setErrors(found ?? {});
    if (found) return;
    try {
      await rename.mutateAsync(body);
      toast(t('saved'), { icon: 'success' });
      onClose();
    } catch {
      // The API client said why; the typed name stays.
    }
  };
  return (
    <SheetForm
      title={t('image.renameTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={rename.isPending}
    >
      <List mode="card" className="catalog-form">
        <FormField id="image-name" label={t('image.name')} required error={errors.name}>
          <Input
            id="image-name"
            value={values.name}
            onChange={set('name')}
            maxLength={50}
            clearable
            {...fieldAria('image-name', errors.name)}
          />
        </FormField>
      </List>
    </SheetForm>
  );
}

/** The image library (spec §7 /g/getImg, /g/editImg, /g/delImg) with the upload entry. */
export function ImageLibrary() {
  const { t } = useTranslation('catalog');
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<GoodsImage | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ open: boolean; image: GoodsImage | null }>({
    open: false,
    image: null,
  });
  const images = useImages({ page, name });
  const remove = useDeleteImage();
  const list = images.data?.data ?? [];

  const confirmDelete = async (image: GoodsImage) => {
    const ok = await confirmAction({
      title: t('image.deleteTitle'),
      content: t('image.deleteText', { name: image.name }),
      confirmText: t('delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(image.img_id);
      toast(t('deleted'), { icon: 'success' });
      if (list.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      await explainFailure(error, t('image.deleteFailed'));
    }
  };

  return (
    <section className="catalog-list" aria-label={t('image.listLabel')}>
      <div className="card upload-card">
        <UploadButtons max={DETAIL_IMAGES_MAX} onUploaded={() => setPage(1)} />
      </div>
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
          {list.map((image) => (
            <li key={image.img_id}>
              <button
                type="button"
                className="image-cell"
                aria-haspopup="dialog"
                aria-label={image.name}
                onClick={() => setChosen(image)}
              >
                <Image src={image.url} alt="" fit="cover" lazy className="image-thumb" />
                <span className="image-name" aria-hidden="true">
                  {image.name}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <Pagination
          current={page}
          total={images.data?.count ?? 0}
          pageSize={IMAGES_PAGE_SIZE}
          onChange={setPage}
        />
      </ListState>
      <ActionSheet
        visible={chosen !== null}
        extra={chosen?.name}
        cancelText={t('cancel')}
        onClose={() => setChosen(null)}
        actions={[
          { key: 'view', text: t('image.view'), onClick: () => setViewing(chosen?.url ?? null) },
          {
            key: 'rename',
            text: t('image.rename'),
            onClick: () => setRenaming({ open: true, image: chosen }),
          },
          {
            key: 'delete',
            text: t('delete'),
            danger: true,
            onClick: () => {
              if (chosen) void confirmDelete(chosen);
            },
          },
        ]}
        closeOnAction
      />
      <ImageViewer image={viewing ?? ''} visible={viewing !== null} onClose={() => setViewing(null)} />
      <Sheet visible={renaming.open} onClose={() => setRenaming((r) => ({ ...r, open: false }))}>
        {renaming.image ? (
          <RenameForm image={renaming.image} onClose={() => setRenaming((r) => ({ ...r, open: false }))} />
        ) : null}
      </Sheet>
    </section>
  );
}
