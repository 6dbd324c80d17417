import { DETAIL_IMAGES_MAX } from '@vendo/contract/constants';
import { Image } from 'antd-mobile';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/sheet/sheet';
import { ImagePicker } from './image-picker';

function Thumb({ url, label, onRemove }: { url: string; label: string; onRemove: () => void }) {
  const { t } = useTranslation('catalog');
  return (
    <li className="thumb">
      <Image src={url} alt={label} fit="cover" className="thumb-image" />
      <button
        type="button"
        className="thumb-remove"
        aria-label={t('image.remove', { name: label })}
        onClick={onRemove}
      >
        <CloseOutline aria-hidden="true" />
      </button>
    </li>
  );
}

function AddSlot({ id, label, onClick }: { id: string; label: string; onClick: () => void }) {
  return (
    <li>
      <button type="button" id={id} className="thumb thumb-add" onClick={onClick}>
        <AddOutline aria-hidden="true" />
        <span>{label}</span>
      </button>
    </li>
  );
}

/** The main image: one from the library, or none. */
export function MainImageField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (url: string) => void;
}) {
  const { t } = useTranslation('catalog');
  const [open, setOpen] = useState(false);
  return (
    <>
      <ul className="thumbs">
        {value ? (
          <Thumb url={value} label={t('goods.mainImage')} onRemove={() => onChange('')} />
        ) : (
          <AddSlot id={id} label={t('image.add')} onClick={() => setOpen(true)} />
        )}
      </ul>
      <Sheet visible={open} onClose={() => setOpen(false)}>
        <ImagePicker
          title={t('goods.mainImage')}
          max={1}
          onPick={(urls) => onChange(urls[0] ?? '')}
          onClose={() => setOpen(false)}
        />
      </Sheet>
    </>
  );
}

/** Detail images: up to 8, in order (spec §3, §9). */
export function DetailImagesField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string[];
  onChange: (urls: string[]) => void;
}) {
  const { t } = useTranslation('catalog');
  const [open, setOpen] = useState(false);
  const room = DETAIL_IMAGES_MAX - value.length;
  return (
    <>
      <ul className="thumbs">
        {value.map((url, index) => (
          <Thumb
            key={`${url}-${index}`}
            url={url}
            label={t('goods.detailImageN', { n: index + 1 })}
            onRemove={() => onChange(value.filter((_, i) => i !== index))}
          />
        ))}
        {room > 0 ? (
          <AddSlot id={id} label={`${value.length}/${DETAIL_IMAGES_MAX}`} onClick={() => setOpen(true)} />
        ) : null}
      </ul>
      <Sheet visible={open} onClose={() => setOpen(false)}>
        <ImagePicker
          title={t('goods.detailImages')}
          max={room}
          onPick={(urls) => onChange([...value, ...urls].slice(0, DETAIL_IMAGES_MAX))}
          onClose={() => setOpen(false)}
        />
      </Sheet>
    </>
  );
}
