import type { StockEntry } from '@vendo/contract/api/stock';
import { Sheet } from '../../../components/sheet/sheet';
import { AddStockForm } from './add-stock-form';
import { ChangeStockForm } from './change-stock-form';

/** Which form the entries list opens: new stock, or adding to (0) or taking from (1) an entry. */
export type StockFormChoice = { kind: 'add' } | { kind: 'change'; entry: StockEntry; operation: 0 | 1 };

/** The entry forms in their sheet, loaded when the entries list first opens one. */
export function StockFormSheet({
  visible,
  editing,
  onClose,
}: {
  visible: boolean;
  editing: StockFormChoice;
  onClose: () => void;
}) {
  return (
    <Sheet visible={visible} onClose={onClose}>
      {editing.kind === 'add' ? (
        <AddStockForm defaultStore={null} onClose={onClose} />
      ) : (
        <ChangeStockForm entry={editing.entry} operation={editing.operation} onClose={onClose} />
      )}
    </Sheet>
  );
}
