import type { Goods } from '@vendo/contract/api/catalog';
import { Input, List, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';
import { hasPermission } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { useAddGoods } from '../api/add-goods';
import { useEditGoods } from '../api/edit-goods';
import { goodsBody, goodsToForm } from '../utils/goods-form-values';
import { hasErrors, useForm } from '../utils/use-form';
import { confirmAction } from './confirm';
import { fieldAria, FormField } from './form-field';
import { SheetForm } from './form-sheet';
import { DetailImagesField, MainImageField } from './image-fields';
import { TagsInput } from './tags-input';

/** Create or edit goods (spec §3, §5): rules checked as typed, renaming confirmed first. */
export function GoodsForm({ goods, onClose }: { goods: Goods | null; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const user = useUserInfo();
  const add = useAddGoods();
  const edit = useEditGoods();
  const [message, setMessage] = useState<string | null>(null);
  const { values, set, errors, setErrors } = useForm(() => goodsToForm(goods));
  // Cost belongs to the main account and holders of "view profit and cost" (spec §6); others never send it.
  const withCost = user !== null && hasPermission(user, 'ProfitVisible');

  const submit = async () => {
    const { body, errors: found } = goodsBody(values, { withCost, locale: currentLocale() });
    setErrors(found);
    if (hasErrors(found) || body.price === undefined) return;
    const renamed = goods !== null && body.goods_name.trim() !== goods.goods_name;
    if (renamed) {
      const ok = await confirmAction({
        title: t('goods.renameTitle'),
        content: t('goods.renameText', { from: goods.goods_name, to: body.goods_name.trim() }),
        confirmText: t('goods.renameConfirm'),
      });
      if (!ok) return;
    }
    setMessage(null);
    try {
      if (goods) await edit.mutateAsync({ goods_id: goods.goods_id, ...body, price: body.price });
      else await add.mutateAsync({ ...body, price: body.price });
      toast(t('saved'), { icon: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setMessage(error.msg);
    }
  };

  return (
    <SheetForm
      title={goods ? t('goods.editTitle') : t('goods.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={add.isPending || edit.isPending}
      message={message}
    >
      <List mode="card" className="catalog-form" header={t('goods.basics')}>
        <FormField id="goods-name" label={t('goods.name')} required error={errors.goods_name}>
          <Input
            id="goods-name"
            value={values.goods_name}
            onChange={set('goods_name')}
            placeholder={t('goods.namePlaceholder')}
            maxLength={50}
            clearable
            {...fieldAria('goods-name', errors.goods_name)}
          />
        </FormField>
        <FormField id="goods-price" label={t('goods.price')} required error={errors.price}>
          <Input
            id="goods-price"
            inputMode="decimal"
            value={values.price}
            onChange={set('price')}
            placeholder={t('goods.pricePlaceholder')}
            maxLength={12}
            clearable
            {...fieldAria('goods-price', errors.price)}
          />
        </FormField>
        {withCost ? (
          <FormField
            id="goods-cost"
            label={t('goods.costPrice')}
            error={errors.cost_price}
            description={<span className="field-hint">{t('goods.costHint')}</span>}
          >
            <Input
              id="goods-cost"
              inputMode="decimal"
              value={values.cost_price}
              onChange={set('cost_price')}
              placeholder={t('goods.costPlaceholder')}
              maxLength={12}
              clearable
              {...fieldAria('goods-cost', errors.cost_price)}
            />
          </FormField>
        ) : null}
        <FormField id="goods-code" label={t('goods.code')} error={errors.goods_code}>
          <Input
            id="goods-code"
            value={values.goods_code}
            onChange={set('goods_code')}
            placeholder={t('optional')}
            maxLength={64}
            clearable
            {...fieldAria('goods-code', errors.goods_code)}
          />
        </FormField>
        <FormField
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
            onDraftChange={(draft) => {
              set('tagDraft')(draft);
              setErrors((prev) => ({ ...prev, tags: undefined }));
            }}
            ariaProps={fieldAria('goods-tags', errors.tags)}
          />
        </FormField>
        <FormField id="goods-sold" label={t('goods.sold')} error={errors.sold}>
          <Input
            id="goods-sold"
            inputMode="numeric"
            value={values.sold}
            onChange={set('sold')}
            placeholder="0"
            maxLength={9}
            clearable
            {...fieldAria('goods-sold', errors.sold)}
          />
        </FormField>
      </List>

      <List mode="card" className="catalog-form" header={t('goods.images')}>
        <FormField id="goods-img" label={t('goods.mainImage')} error={errors.img}>
          <MainImageField id="goods-img" value={values.img} onChange={set('img')} />
        </FormField>
        <FormField id="goods-detail-imgs" label={t('goods.detailImages')} error={errors.detail_imgs}>
          <DetailImagesField
            id="goods-detail-imgs"
            value={values.detail_imgs}
            onChange={set('detail_imgs')}
          />
        </FormField>
      </List>

      <List mode="card" className="catalog-form" header={t('goods.details')}>
        <FormField id="goods-type" label={t('goods.type')} error={errors.goods_type}>
          <Input
            id="goods-type"
            value={values.goods_type}
            onChange={set('goods_type')}
            placeholder={t('optional')}
            maxLength={32}
            clearable
            {...fieldAria('goods-type', errors.goods_type)}
          />
        </FormField>
        <FormField
          id="goods-duration"
          label={t('goods.duration')}
          error={errors.duration}
          description={<span className="field-hint">{t('goods.durationHint')}</span>}
        >
          <Input
            id="goods-duration"
            inputMode="numeric"
            value={values.duration}
            onChange={set('duration')}
            placeholder="0"
            maxLength={6}
            clearable
            {...fieldAria('goods-duration', errors.duration)}
          />
        </FormField>
        <FormField id="goods-description" label={t('goods.description')} error={errors.description}>
          <TextArea
            id="goods-description"
            value={values.description}
            onChange={set('description')}
            placeholder={t('optional')}
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 5 }}
            {...fieldAria('goods-description', errors.description)}
          />
        </FormField>
        <FormField id="goods-intro" label={t('goods.detailIntro')} error={errors.detail_intro}>
          <TextArea
            id="goods-intro"
            value={values.detail_intro}
            onChange={set('detail_intro')}
            placeholder={t('optional')}
            maxLength={5000}
            autoSize={{ minRows: 3, maxRows: 8 }}
            {...fieldAria('goods-intro', errors.detail_intro)}
          />
        </FormField>
      </List>
    </SheetForm>
  );
}
