import { GOODS_TAGS_MAX, TEXT_MAX } from '@vendo/contract/constants';
import { Button, Input } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

interface TagsInputProps {
  id: string;
  tags: string[];
  draft: string;
  onTagsChange: (tags: string[]) => void;
  onDraftChange: (draft: string) => void;
  /** A tag refused as typed (an English comma would split it when stored): the draft stays to be corrected. */
  onRefused: (key: 'tagsComma') => void;
  ariaProps: Record<string, unknown>;
}

/** Up to 2 tags (spec §5): typed one at a time and added with the button or Enter; the form checks the rules. */
export function TagsInput({
  id,
  tags,
  draft,
  onTagsChange,
  onDraftChange,
  onRefused,
  ariaProps,
}: TagsInputProps) {
  const { t } = useTranslation('catalog');
  const full = tags.length >= GOODS_TAGS_MAX;
  const add = () => {
    const tag = draft.trim();
    if (!tag || tags.includes(tag)) {
      onDraftChange('');
      return;
    }
    if (tag.includes(',')) {
      onRefused('tagsComma');
      return;
    }
    onTagsChange([...tags, tag]);
    onDraftChange('');
  };
  return (
    <div className="tags-input">
      {tags.length ? (
        <ul className="tags-list">
          {tags.map((tag) => (
            <li key={tag} className="tag tag-removable">
              <span>{tag}</span>
              <button
                type="button"
                aria-label={t('goods.removeTag', { tag })}
                onClick={() => onTagsChange(tags.filter((x) => x !== tag))}
              >
                <CloseOutline aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? (
        <span className="muted">{t('goods.tagsFull', { max: GOODS_TAGS_MAX })}</span>
      ) : (
        <div className="tag-entry">
          <Input
            id={id}
            value={draft}
            onChange={onDraftChange}
            placeholder={t('goods.tagPlaceholder')}
            maxLength={TEXT_MAX.tag}
            enterKeyHint="done"
            onEnterPress={(event) => {
              event.preventDefault();
              add();
            }}
            {...ariaProps}
          />
          <Button size="small" fill="outline" color="primary" disabled={!draft.trim()} onClick={add}>
            {t('goods.addTag')}
          </Button>
        </div>
      )}
    </div>
  );
}
