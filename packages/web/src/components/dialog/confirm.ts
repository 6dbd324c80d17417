import type { ReactNode } from 'react';
import { getI18n } from 'react-i18next';
import { toast } from '../../lib/notify';
import type { ConfirmOptions } from './app-dialog';
import { explainFailure } from './explain-failure';
import { loadDialogs } from './load-dialogs';

/** A two-button question (delete, rename); resolves true when the person confirms. */
export async function confirmAction(options: ConfirmOptions): Promise<boolean> {
  const { showConfirm } = await loadDialogs();
  return showConfirm(options);
}

interface ConfirmDeleteOptions {
  title: ReactNode;
  content: ReactNode;
  /** The delete call. */
  remove: () => Promise<unknown>;
  /** The title of the dialog that says why a delete was refused. */
  failedTitle: string;
}

/**
 * Deleting from a card: the question, the call, then "deleted" — or why it was refused, in a dialog that stays
 * until read (stores or machines still depend on it). Resolves true once deleted.
 */
export async function confirmDelete({
  title,
  content,
  remove,
  failedTitle,
}: ConfirmDeleteOptions): Promise<boolean> {
  const { showConfirm } = await loadDialogs();
  const t = getI18n().getFixedT(null, 'components');
  if (!(await showConfirm({ title, content, confirmText: t('delete'), danger: true }))) return false;
  try {
    await remove();
    toast(t('deleted'), { icon: 'success' });
    return true;
  } catch (error) {
    await explainFailure(error, failedTitle);
    return false;
  }
}
