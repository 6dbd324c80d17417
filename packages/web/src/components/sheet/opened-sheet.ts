import { useCallback, useState } from 'react';

/** A sheet opened on a subject, kept mounted while it slides away. */
export interface OpenedSheet<S> {
  subject: S;
  open: boolean;
  /** New at each opening, so the sheet's form starts again from the subject's values. */
  key: number;
}

/**
 * The state of a sheet a screen opens on a subject (a record to change, or null for a new one): `open(subject)`,
 * `close()`, and `opened` for rendering — null until first opened, so the sheet's code loads on first use.
 */
export function useOpenedSheet<S>() {
  const [opened, setOpened] = useState<OpenedSheet<S> | null>(null);
  const open = useCallback(
    (subject: S) => setOpened((o) => ({ subject, open: true, key: (o?.key ?? 0) + 1 })),
    [],
  );
  const close = useCallback(() => setOpened((o) => (o ? { ...o, open: false } : o)), []);
  return { opened, open, close };
}
