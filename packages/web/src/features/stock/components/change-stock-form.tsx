import { editStock, type StockEntry } from '@vendo/contract/api/stock';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/form/input-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useForm } from '../../../components/form/use-form';
import { SheetFrame } from '../../../components/sheet/sheet';
import { currentLocale } from '../../../i18n/i18n';
import { toast } from '../../../lib/notify';
import { checkWithSchema } from '../../../lib/validation';
import { useEditStock } from '../api/edit-stock';
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
  const { values, bind, setErrors, message, attempt } = useForm({ inventory: '', remarks: '' });

  const submit = async () => {
    const typed = values.inventory.trim();
    const body = {
      _id: entry._id,
      oper_type: operation,
      inventory: typed === '' ? undefined : Number(typed),
      remarks: values.remarks,
    };
    const found = checkWithSchema(editStock.request, body, currentLocale(), {
      inventory: t('entries.quantity'),
      remarks: t('remarks'),
    });
    setErrors(found ?? {});
    const { inventory } = body;
    if (found || inventory === undefined) return;
    await attempt(async () => {
      const result = await edit.mutateAsync({ ...body, inventory });
      toast(t('entries.nowHolds', { count: result.inventory }), { icon: 'success' });
      onClose();
    });
  };

  return (
    <SheetFrame
      tall
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
        <InputField
          id="change-inventory"
          label={t('entries.quantity')}
          required
          {...bind('inventory')}
          inputMode="numeric"
          placeholder={operation === 0 ? t('entries.addHow') : t('entries.takeHow')}
          maxLength={7}
        />
        <TextAreaField
          id="change-remarks"
          label={t('remarks')}
          {...bind('remarks')}
          placeholder={t('optional')}
          maxLength={200}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </List>
    </SheetFrame>
  );
}
