/** Share of a shelf's capacity that is filled, 0..100, for its bar. */
export function fillPercent(quantity: number, capacity: number): number {
  if (capacity <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((quantity / capacity) * 100)));
}
