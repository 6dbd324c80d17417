import { editStock, type StockEntry } from '@vendo/contract/api/stock';
import { Input, List, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notify';
import { checkWithSchema } from '../../../lib/validation';
import { useEditStock } from '../api/edit-stock';
import { useForm } from '../utils/use-form';
import { fieldAria, FormField } from './form-field';
import { SheetForm } from './form-sheet';
import { GoodsCell } from './goods-cell';

/** Adds to (0) or takes from (1) a stock entry, with a note for the log. */
export function ChangeStockForm({
  entry,
  operation,
  onClose,
}: {
  entry: StockEntry;
  operation: 0 | 1;
  onClose: () => void;
}) {
  const { t } = useTranslation('stock');
  const edit = useEditStock();
  const [message, setMessage] = useState<string | null>(null);
  const { values, set, errors, setErrors } = useForm({ inventory: '', remarks: '' });

  const submit = async () => {
    const typed = values.inventory.trim();
    const body = {
      _id: entry._id,
      oper_type: operation,
      inventory: typed === '' ? undefined : Number(typed),
      remarks: values.remarks,
    };
    const found = checkWithSchema(editStock.request, body, currentLocale());
    setErrors(found ?? {});
    if (found || body.inventory === undefined) return;
    setMessage(null);
    try {
      const result = await edit.mutateAsync({ ...body, inventory: body.inventory });
      toast(t('entries.nowHolds', { count: result.inventory }), { icon: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setMessage(error.msg);
    }
  };

  return (
    <SheetForm
      title={operation === 0 ? t('entries.addTo') : t('entries.takeFrom')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={edit.isPending}
      message={message}
    >
      <div className="sheet-summary">
        <GoodsCell
          goods={entry.goods_detail}
          sub={`${entry.store ? entry.store.store_name : t('level.total')} · ${t('entries.holds', { count: entry.inventory })}`}
        />
      </div>
      <List mode="card" className="stock-form">
        <FormField id="change-inventory" label={t('entries.quantity')} required error={errors.inventory}>
          <Input
            id="change-inventory"
            inputMode="numeric"
            value={values.inventory}
            onChange={set('inventory')}
            placeholder={operation === 0 ? t('entries.addHow') : t('entries.takeHow')}
            maxLength={7}
            clearable
            {...fieldAria('change-inventory', errors.inventory)}
          />
        </FormField>
        <FormField id="change-remarks" label={t('remarks')} error={errors.remarks}>
          <TextArea
            id="change-remarks"
            value={values.remarks}
            onChange={set('remarks')}
            placeholder={t('optional')}
            maxLength={200}
            autoSize={{ minRows: 2, maxRows: 4 }}
            {...fieldAria('change-remarks', errors.remarks)}
          />
        </FormField>
      </List>
    </SheetForm>
  );
}
