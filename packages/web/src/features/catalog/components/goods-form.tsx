import type { Goods } from '@vendo/contract/api/catalog';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/dialog/confirm';
import { Field, fieldAria } from '../../../components/form/field';
import { InputField } from '../../../components/form/input-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { hasErrors, useForm } from '../../../components/form/use-form';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { can } from '../../../lib/permissions';
import { validationText } from '../../../lib/validation';
import { useUserInfo } from '../../../lib/session';
import { useAddGoods } from '../api/add-goods';
import { useEditGoods } from '../api/edit-goods';
import { goodsBody, goodsToForm } from '../utils/goods-form-values';
import { DetailImagesField, MainImageField } from './image-fields';
import { TagsInput } from './tags-input';
import { TEXT_MAX } from '@vendo/contract/constants';

/** Create or edit goods (spec §3, §5): rules checked as typed, renaming confirmed first. */
function GoodsForm({ goods, onClose }: { goods: Goods | null; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const user = useUserInfo();
  const add = useAddGoods();
  const edit = useEditGoods();
  const { values, set, bind, errors, setErrors, message, attempt } = useForm(() => goodsToForm(goods));
  // Cost belongs to the main account and holders of "view profit and cost" while the Profit app is usable
  // (spec §6), as the server decides; others never send it.
  const withCost = can(user, 'profit', Date.now());

  const submit = async () => {
    const labels = {
      goods_name: t('goods.name'),
      price: t('goods.price'),
      cost_price: t('goods.costPrice'),
      goods_code: t('goods.code'),
      tags: t('goods.tags'),
      sold: t('goods.sold'),
      img: t('goods.mainImage'),
      goods_type: t('goods.type'),
      duration: t('goods.duration'),
    };
    const { body, errors: found } = goodsBody(values, { withCost, locale: currentLocale(), labels });
    setErrors(found);
    const { price } = body;
    if (hasErrors(found) || price === undefined) return;
    const renamed = goods !== null && body.goods_name.trim() !== goods.goods_name;
    if (renamed) {
      const ok = await confirmAction({
        title: t('goods.renameTitle'),
        content: t('goods.renameText', { from: goods.goods_name, to: body.goods_name.trim() }),
        confirmText: t('goods.renameConfirm'),
      });
      if (!ok) return;
    }
    await attempt(async () => {
      if (goods) await edit.mutateAsync({ goods_id: goods.goods_id, ...body, price });
      else await add.mutateAsync({ ...body, price });
      toast(t('saved'), { icon: 'success' });
      onClose();
    });
  };

  return (
    <SheetFrame
      tall
      title={goods ? t('goods.editTitle') : t('goods.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={add.isPending || edit.isPending}
      message={message}
    >
      <List mode="card" className="catalog-form" header={t('goods.basics')}>
        <InputField
          id="goods-name"
          label={t('goods.name')}
          required
          {...bind('goods_name')}
          placeholder={t('goods.namePlaceholder')}
          maxLength={TEXT_MAX.name}
        />
        <InputField
          id="goods-price"
          label={t('goods.price')}
          required
          {...bind('price')}
          inputMode="decimal"
          placeholder={t('goods.pricePlaceholder')}
          maxLength={12}
        />
        {withCost ? (
          <InputField
            id="goods-cost"
            label={t('goods.costPrice')}
            {...bind('cost_price')}
            description={<span className="field-hint">{t('goods.costHint')}</span>}
            inputMode="decimal"
            placeholder={t('goods.costPlaceholder')}
            maxLength={12}
          />
        ) : null}
        <InputField
          id="goods-code"
          label={t('goods.code')}
          {...bind('goods_code')}
          placeholder={t('optional')}
          maxLength={TEXT_MAX.code}
        />
        <Field
          id="goods-tags"
          label={t('goods.tags')}
          error={errors.tags}
          description={<span className="field-hint">{t('goods.tagsHint')}</span>}
        >
          <TagsInput
            id="goods-tags"
            tags={values.tags}
            draft={values.tagDraft}
            onTagsChange={set('tags')}
            onRefused={(key) =>
              setErrors((prev) => ({ ...prev, tags: validationText(key, currentLocale()) }))
            }
            onDraftChange={(draft) => {
              set('tagDraft')(draft);
              setErrors((prev) => ({ ...prev, tags: undefined }));
            }}
            ariaProps={fieldAria('goods-tags', errors.tags)}
          />
        </Field>
        <InputField
          id="goods-sold"
          label={t('goods.sold')}
          {...bind('sold')}
          inputMode="numeric"
          placeholder="0"
          maxLength={9}
        />
      </List>

      <List mode="card" className="catalog-form" header={t('goods.images')}>
        <Field id="goods-img" label={t('goods.mainImage')} error={errors.img}>
          <MainImageField id="goods-img" value={values.img} onChange={set('img')} />
        </Field>
        <Field id="goods-detail-imgs" label={t('goods.detailImages')} error={errors.detail_imgs}>
          <DetailImagesField
            id="goods-detail-imgs"
            value={values.detail_imgs}
            onChange={set('detail_imgs')}
          />
        </Field>
      </List>

      <List mode="card" className="catalog-form" header={t('goods.details')}>
        <InputField
          id="goods-type"
          label={t('goods.type')}
          {...bind('goods_type')}
          placeholder={t('optional')}
          maxLength={TEXT_MAX.goodsType}
        />
        <InputField
          id="goods-duration"
          label={t('goods.duration')}
          {...bind('duration')}
          description={<span className="field-hint">{t('goods.durationHint')}</span>}
          inputMode="numeric"
          placeholder="0"
          maxLength={6}
        />
        <TextAreaField
          id="goods-description"
          label={t('goods.description')}
          {...bind('description')}
          placeholder={t('optional')}
          maxLength={TEXT_MAX.remarks}
          autoSize={{ minRows: 2, maxRows: 5 }}
        />
        <TextAreaField
          id="goods-intro"
          label={t('goods.detailIntro')}
          {...bind('detail_intro')}
          placeholder={t('optional')}
          maxLength={TEXT_MAX.intro}
          autoSize={{ minRows: 3, maxRows: 8 }}
        />
      </List>
    </SheetFrame>
  );
}

/** The goods form in its sheet, loaded when the list first opens it. */
export const GoodsFormSheet = inSheet(GoodsForm);
