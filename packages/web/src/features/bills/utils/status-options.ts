import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@vendo/contract/enums';
import type { Locale } from '@vendo/contract/locales';
import billsTexts from '../../../i18n/resources/bills';

/**
 * The status filter's choices, one per code (the server filters on one code). The spec's labels give 1, 2 and 5
 * one name and 10 and 11 another; a picker showing the same name three times filtered on whichever was picked,
 * missing the others' orders, so here each says what it is.
 */
export function billStatusOptions(locale: Locale): { value: OrderStatus; label: string }[] {
  const names = billsTexts[locale].filters.statusNames;
  const apart: Partial<Record<OrderStatus, string>> = {
    1: names.paid,
    2: names.taken,
    5: names.noResult,
    10: names.partialAuto,
    11: names.partialManual,
  };
  return ORDER_STATUSES.map((value) => ({
    value,
    label: apart[value] ?? ORDER_STATUS_LABELS[value][locale],
  }));
}
