import { BillsScreen } from './bills-screen';

/** /payBill: the payment bills (orders that took money). */
export default function PayBillScreen() {
  return <BillsScreen kind="pay" />;
}
