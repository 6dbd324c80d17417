import { editImg, type GoodsImage } from '@vendo/contract/api/catalog';
import { ActionSheet, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/form/input-field';
import { useForm } from '../../../components/form/use-form';
import { Sheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { lazyComponent, useOpenedOnce } from '../../../lib/lazy-component';
import { toast } from '../../../lib/notify';
import { checkWithSchema } from '../../../lib/validation';
import { useRenameImage } from '../api/rename-image';
import { TEXT_MAX } from '@vendo/contract/constants';

const ImageView = lazyComponent(() => import('./image-view').then((m) => m.ImageView));

function RenameForm({ image, onClose }: { image: GoodsImage; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const rename = useRenameImage();
  const { values, bind, setErrors } = useForm({ name: image.name });
  const submit = async () => {
    const body = { img_id: image.img_id, name: values.name };
    const found = checkWithSchema(editImg.request, body, currentLocale(), { name: t('image.name') });
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
    <SheetFrame
      tall
      title={t('image.renameTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={rename.isPending}
    >
      <List mode="card" className="catalog-form">
        <InputField
          id="image-name"
          label={t('image.name')}
          required
          {...bind('name')}
          maxLength={TEXT_MAX.name}
        />
      </List>
    </SheetFrame>
  );
}

interface ImageActionsProps {
  /** The image tapped in the library; null once its action sheet is closed. */
  image: GoodsImage | null;
  onClose: () => void;
  onDelete: (image: GoodsImage) => void;
}

/** What a tap on a library image offers: view it large, rename it, delete it. */
export function ImageActions({ image, onClose, onDelete }: ImageActionsProps) {
  const { t } = useTranslation(['catalog', 'components']);
  const [viewing, setViewing] = useState<string | null>(null);
  const viewOpened = useOpenedOnce(viewing !== null);
  const [renaming, setRenaming] = useState<{ open: boolean; image: GoodsImage | null }>({
    open: false,
    image: null,
  });
  return (
    <>
      <ActionSheet
        visible={image !== null}
        extra={image?.name}
        cancelText={t('components:cancel')}
        onClose={onClose}
        actions={[
          { key: 'view', text: t('image.view'), onClick: () => setViewing(image?.url ?? null) },
          {
            key: 'rename',
            text: t('image.rename'),
            onClick: () => setRenaming({ open: true, image }),
          },
          {
            key: 'delete',
            text: t('delete'),
            danger: true,
            onClick: () => {
              if (image) onDelete(image);
            },
          },
        ]}
        closeOnAction
      />
      {viewOpened ? <ImageView url={viewing} onClose={() => setViewing(null)} /> : null}
      <Sheet visible={renaming.open} onClose={() => setRenaming((r) => ({ ...r, open: false }))}>
        {renaming.image ? (
          <RenameForm image={renaming.image} onClose={() => setRenaming((r) => ({ ...r, open: false }))} />
        ) : null}
      </Sheet>
    </>
  );
}
