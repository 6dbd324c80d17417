import type { ReactNode } from 'react';

export type DetailRows = readonly (readonly [string, ReactNode])[];

/**
 * Labelled values as a definition list (a bill, a card, figures, a machine's info). Each pair sits in a div, so
 * the list's own CSS lays the pairs out (grid or rows); `hideEmpty` leaves out the pairs with an empty value.
 */
export function DetailList({
  rows,
  className,
  hideEmpty = false,
}: {
  rows: DetailRows;
  className?: string;
  hideEmpty?: boolean;
}) {
  return (
    <dl className={className}>
      {rows
        .filter(([, value]) => !hideEmpty || value !== '')
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
