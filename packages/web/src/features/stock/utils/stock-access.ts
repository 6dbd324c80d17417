import type { UserInfo } from '@vendo/contract/api/account';
import { hasPermission, hasUsableApp, type Viewer } from '../../../lib/permissions';

/**
 * Who sees /stock (spec §6): the Stock app held and not expired, plus the main account or permission 1037
 * (Stock.Stock). 'noApp' shows the expired-app guide; 'noPermission' says the role lacks stock.
 */
export type StockAccess = 'ok' | 'noApp' | 'noPermission';

export function stockAccess(viewer: Viewer | UserInfo | null, now: number): StockAccess {
  if (!viewer) return 'noPermission';
  if (!hasUsableApp(viewer, 'Stock', now)) return 'noApp';
  return hasPermission(viewer, 'Stock') ? 'ok' : 'noPermission';
}

/** How a log record moves the quantity: creating and adding put stock in, reducing, deleting and sales take it out. */
export function stockDirection(operType: number): 1 | -1 {
  return operType === 0 || operType === 2 ? 1 : -1;
}

/** Share of a shelf's capacity that is filled, 0..100, for the fill bars. */
export function fillPercent(quantity: number, capacity: number): number {
  if (capacity <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((quantity / capacity) * 100)));
}
