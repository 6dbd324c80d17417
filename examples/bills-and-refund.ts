/*
 * The public API from a script (issue 20, docs/api.md): lists today's bills with an API key and refunds one order.
 *
 *   npm start                                  # the demo server on http://localhost:3000 (demo merchant 13800138000)
 *   # /apiKeys in the console: a key holding "Bills" and "Refund"
 *   VENDO_API_KEY=vk_... npx tsx examples/bills-and-refund.ts [ORDER_NO]
 *
 * Without ORDER_NO it refunds the first of today's bills that can still be refunded. VENDO_URL changes the server.
 */
import { getBuyBill, refund, type Bill } from '@vendo/contract/api/orders';
import { formatMoney } from '@vendo/contract/money';
import { vendoClient, type VendoClient } from '@vendo/contract/vendo-client';

/** Today's bills (the server's default range is today in the merchant's time zone), every page. */
export async function todaysBills(vendo: VendoClient): Promise<Bill[]> {
  const bills: Bill[] = [];
  for (let page = 1; ; page++) {
    const answer = await vendo.call(getBuyBill, { pageNum: page, pageSize: 100, condition: {} });
    bills.push(...answer.data);
    if (bills.length >= answer.count || answer.data.length === 0) return bills;
  }
}

/** Lists today's bills and refunds `orderNo` (or the first refundable one); answers what it refunded. */
export async function billsAndRefund(
  vendo: VendoClient,
  orderNo?: string,
  log: (line: string) => void = console.log,
): Promise<{ bills: Bill[]; refunded: string | null }> {
  const bills = await todaysBills(vendo);
  log(`${bills.length} bills today`);
  for (const b of bills) {
    log(
      `${b.orderno}  ${b.status_text.padEnd(12)}  ${formatMoney(b.amount, 'en-US')}  refundable ${formatMoney(b.refundable, 'en-US')}`,
    );
  }
  const target = orderNo ?? bills.find((b) => b.refundable > 0)?.orderno;
  if (!target) {
    log('nothing to refund today');
    return { bills, refunded: null };
  }
  // One idempotency key per refund meant: a retry of this request answers the same refund.
  const answer = await vendo.call(refund, {
    orderno: target,
    part_refund: false,
    remarks: 'refunded by examples/bills-and-refund.ts',
    idempotency_key: `example-${target}`.slice(0, 64),
  });
  log(`refund of ${answer.orderno}: ${answer.refund.status}, ${answer.order_status_text}`);
  return { bills, refunded: answer.orderno };
}

// Run as a script (not when a test imports it).
if (import.meta.url === `file://${process.argv[1]}`) {
  const apiKey = process.env['VENDO_API_KEY'];
  if (!apiKey) {
    console.error('Set VENDO_API_KEY to a key made on /apiKeys (holding Bills and Refund).');
    process.exit(2);
  }
  const vendo = vendoClient({ baseUrl: process.env['VENDO_URL'] ?? 'http://localhost:3000', apiKey });
  billsAndRefund(vendo, process.argv[2]).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
