import { addStock } from '@vendo/contract/api/stock';
import { Input, List, Picker, Selector, TextArea } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';
import { checkWithSchema, validationText } from '../../../lib/validation';
import { useAddStock } from '../api/add-stock';
import { useGoodsOptions } from '../api/get-goods-options';
import { useStoreOptions } from '../api/get-store-options';
import { hasErrors, useForm } from '../utils/use-form';
import { fieldAria, FormField } from './form-field';
import { SheetForm } from './form-sheet';

type Place = 'total' | 'store';

/** Creates stock for goods in the warehouse or at a store (oper_type 2, "create goods stock"). */
export function AddStockForm({
  defaultStore,
  onClose,
}: {
  defaultStore: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('stock');
  const add = useAddStock();
  const goods = useGoodsOptions(true);
  const stores = useStoreOptions();
  const [picker, setPicker] = useState<'goods' | 'store' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const { values, set, errors, setErrors } = useForm<{
    goods: number | null;
    place: Place;
    store: number | null;
    inventory: string;
    remarks: string;
  }>({
    goods: null,
    place: defaultStore !== null ? 'store' : 'total',
    store: defaultStore,
    inventory: '',
    remarks: '',
  });

  const goodsOptions = (goods.data?.data ?? []).map((g) => ({
    value: String(g.goods_detail.goods_id),
    label: g.goods_detail.goods_name,
  }));
  const storeOptions = (stores.data?.data ?? []).map((s) => ({
    value: String(s._id),
    label: `${s.store_name} · ${s.area.area_name}`,
  }));
  const goodsName = goodsOptions.find((o) => o.value === String(values.goods))?.label;
  const storeName = storeOptions.find((o) => o.value === String(values.store))?.label;

  const submit = async () => {
    const locale = currentLocale();
    const typed = values.inventory.trim();
    const body = {
      goods_id: values.goods ?? undefined,
      store: values.place === 'store' ? (values.store ?? undefined) : undefined,
      inventory: typed === '' ? undefined : Number(typed),
      remarks: values.remarks,
    };
    const found = { ...checkWithSchema(addStock.request, body, locale) };
    if (values.place === 'store' && values.store === null) found.store = validationText('required', locale);
    setErrors(found);
    if (hasErrors(found) || body.goods_id === undefined || body.inventory === undefined) return;
    setMessage(null);
    try {
      await add.mutateAsync({ ...body, goods_id: body.goods_id, inventory: body.inventory });
      toast(t('saved'), { icon: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setMessage(error.msg);
    }
  };

  return (
    <SheetForm
      title={t('entries.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={add.isPending}
      message={message}
    >
      <List mode="card" className="stock-form">
        <FormField id="stock-goods" label={t('goods')} required error={errors.goods_id}>
          <button
            type="button"
            id="stock-goods"
            className="picker-trigger"
            onClick={() => setPicker('goods')}
            {...fieldAria('stock-goods', errors.goods_id)}
          >
            {goodsName ? (
              <span>{goodsName}</span>
            ) : (
              <span className="picker-placeholder">{t('pickGoods')}</span>
            )}
            <RightOutline aria-hidden="true" />
          </button>
        </FormField>
        <FormField id="stock-place" label={t('entries.place')}>
          <div id="stock-place" role="group">
            <Selector<Place>
              className="choice-field"
              columns={2}
              showCheckMark={false}
              value={[values.place]}
              options={[
                { value: 'total', label: t('level.total') },
                { value: 'store', label: t('level.store') },
              ]}
              onChange={(picked) => {
                if (picked[0]) set('place')(picked[0]);
              }}
            />
          </div>
        </FormField>
        {values.place === 'store' ? (
          <FormField id="stock-store" label={t('store')} required error={errors.store}>
            <button
              type="button"
              id="stock-store"
              className="picker-trigger"
              onClick={() => setPicker('store')}
              {...fieldAria('stock-store', errors.store)}
            >
              {storeName ? (
                <span>{storeName}</span>
              ) : (
                <span className="picker-placeholder">{t('pickStore')}</span>
              )}
              <RightOutline aria-hidden="true" />
            </button>
          </FormField>
        ) : null}
        <FormField id="stock-inventory" label={t('entries.quantity')} required error={errors.inventory}>
          <Input
            id="stock-inventory"
            inputMode="numeric"
            value={values.inventory}
            onChange={set('inventory')}
            placeholder="0"
            maxLength={7}
            clearable
            {...fieldAria('stock-inventory', errors.inventory)}
          />
        </FormField>
        <FormField id="stock-remarks" label={t('remarks')} error={errors.remarks}>
          <TextArea
            id="stock-remarks"
            value={values.remarks}
            onChange={set('remarks')}
            placeholder={t('optional')}
            maxLength={200}
            autoSize={{ minRows: 2, maxRows: 4 }}
            {...fieldAria('stock-remarks', errors.remarks)}
          />
        </FormField>
      </List>
      <Picker
        title={t('goods')}
        columns={[goodsOptions]}
        loading={goods.isPending}
        visible={picker === 'goods'}
        value={values.goods !== null ? [String(values.goods)] : []}
        onClose={() => setPicker(null)}
        onConfirm={(picked) => {
          const id = Number(picked[0]);
          if (id > 0) {
            set('goods')(id);
            setErrors((prev) => ({ ...prev, goods_id: undefined }));
          }
        }}
      />
      <Picker
        title={t('store')}
        columns={[storeOptions]}
        loading={stores.isPending}
        visible={picker === 'store'}
        value={values.store !== null ? [String(values.store)] : []}
        onClose={() => setPicker(null)}
        onConfirm={(picked) => {
          const id = Number(picked[0]);
          if (id > 0) set('store')(id);
        }}
      />
    </SheetForm>
  );
}
