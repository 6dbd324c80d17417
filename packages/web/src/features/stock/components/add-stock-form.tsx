import { addStock } from '@vendo/contract/api/stock';
import { List } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceField } from '../../../components/form/choice-field';
import { Field, fieldAria } from '../../../components/form/field';
import { InputField } from '../../../components/form/input-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { hasErrors, useForm } from '../../../components/form/use-form';
import { OptionPicker } from '../../../components/picker/option-picker';
import { SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { managesAllStores } from '../../../lib/permissions';
import { useUserInfo } from '../../../lib/session';
import { checkWithSchema, validationText } from '../../../lib/validation';
import { useAddStock } from '../api/add-stock';
import { useGoodsOptions } from '../api/get-goods-options';
import { useStoreOptions } from '../api/get-store-options';

type Place = 'total' | 'store';

/**
 * Creates stock for goods in the warehouse or at a store (oper_type 2, "create goods stock"). Staff limited to
 * listed stores keep stock at their stores only (the server refuses them the warehouse), so they pick no level.
 */
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
  const allStores = managesAllStores(useUserInfo());
  const [picker, setPicker] = useState<'goods' | 'store' | null>(null);
  const { values, set, bind, errors, setErrors, message, attempt } = useForm<{
    goods: number | null;
    place: Place;
    store: number | null;
    inventory: string;
    remarks: string;
  }>({
    goods: null,
    place: defaultStore !== null || !allStores ? 'store' : 'total',
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
    // An empty field's message names it ("Goods cannot be empty").
    const labels = {
      goods_id: t('goods'),
      store: t('store'),
      inventory: t('entries.quantity'),
      remarks: t('remarks'),
    };
    const found = { ...checkWithSchema(addStock.request, body, locale, labels) };
    if (values.place === 'store' && values.store === null) {
      found.store = validationText('fieldRequired', locale, { field: labels.store });
    }
    setErrors(found);
    const { goods_id, inventory } = body;
    if (hasErrors(found) || goods_id === undefined || inventory === undefined) return;
    await attempt(async () => {
      await add.mutateAsync({ ...body, goods_id, inventory });
      toast(t('saved'), { icon: 'success' });
      onClose();
    });
  };

  return (
    <SheetFrame
      tall
      title={t('entries.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={add.isPending}
      message={message}
    >
      <List mode="card" className="stock-form">
        <Field id="stock-goods" label={t('goods')} required error={errors.goods_id}>
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
        </Field>
        {allStores ? (
          <Field id="stock-place" label={t('entries.place')}>
            <ChoiceField<Place>
              id="stock-place"
              value={values.place}
              options={[
                { value: 'total', label: t('level.total') },
                { value: 'store', label: t('level.store') },
              ]}
              onChange={(picked) => {
                if (picked) set('place')(picked);
              }}
            />
          </Field>
        ) : null}
        {values.place === 'store' ? (
          <Field id="stock-store" label={t('store')} required error={errors.store}>
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
          </Field>
        ) : null}
        <InputField
          id="stock-inventory"
          label={t('entries.quantity')}
          required
          {...bind('inventory')}
          inputMode="numeric"
          placeholder="0"
          maxLength={7}
        />
        <TextAreaField
          id="stock-remarks"
          label={t('remarks')}
          {...bind('remarks')}
          placeholder={t('optional')}
          maxLength={200}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </List>
      <OptionPicker
        title={t('goods')}
        options={goodsOptions}
        loading={goods.isPending}
        visible={picker === 'goods'}
        value={values.goods !== null ? String(values.goods) : null}
        onClose={() => setPicker(null)}
        onConfirm={(picked) => {
          const id = Number(picked);
          if (id > 0) {
            set('goods')(id);
            setErrors((prev) => ({ ...prev, goods_id: undefined }));
          }
        }}
      />
      <OptionPicker
        title={t('store')}
        options={storeOptions}
        loading={stores.isPending}
        visible={picker === 'store'}
        value={values.store !== null ? String(values.store) : null}
        onClose={() => setPicker(null)}
        onConfirm={(picked) => {
          const id = Number(picked);
          if (id > 0) set('store')(id);
        }}
      />
    </SheetFrame>
  );
}
