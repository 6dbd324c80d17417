import { Button } from 'antd-mobile';
import { AddOutline, DeleteOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';

/** A card of setting rows (game packages, custom parameters): its title, the add button, a hint, the rows. */
export function RowsCard({
  id,
  title,
  addLabel,
  canAdd,
  onAdd,
  hint,
  emptyText,
  children,
}: {
  id: string;
  title: string;
  addLabel: string;
  canAdd: boolean;
  onAdd: () => void;
  hint: string;
  /** Shown instead of the rows when there are none. */
  emptyText: string | null;
  children: ReactNode;
}) {
  return (
    <section className="card dv-rows" aria-labelledby={id}>
      <div className="dv-rows-head">
        <h3 id={id}>{title}</h3>
        <Button size="mini" fill="outline" color="primary" disabled={!canAdd} onClick={onAdd}>
          <AddOutline aria-hidden="true" /> {addLabel}
        </Button>
      </div>
      <p className="dv-hint">{hint}</p>
      {emptyText !== null ? <p className="muted dv-rows-empty">{emptyText}</p> : null}
      <ol className="dv-row-list">{children}</ol>
    </section>
  );
}

/** The button that takes a row away. */
export function RemoveRowButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <button type="button" className="icon-button dv-row-remove" aria-label={label} onClick={onRemove}>
      <DeleteOutline />
    </button>
  );
}

/** The messages of a row's cells, together under the row. */
export function RowErrors({ errors }: { errors: readonly (string | undefined)[] }) {
  return errors.some(Boolean) ? (
    <p className="field-error dv-row-error" role="alert">
      {errors.filter(Boolean).join(' ')}
    </p>
  ) : null;
}
