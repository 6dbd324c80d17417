import { BillsScreen } from './bills-screen';

/** /buyBill: the sales bills; ?abnormal=true lists the pending abnormal orders. */
export default function BuyBillScreen() {
  return <BillsScreen kind="buy" />;
}
