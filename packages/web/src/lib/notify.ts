import type { ReactNode } from 'react';

/*
 * Toasts and alert dialogs, loaded on first use. antd-mobile's overlays bring an animation library and a
 * gesture library with them; the first screen never needs either, so they stay out of its JavaScript.
 */

const load = () => import('./notify-impl');

export interface ToastOptions {
  icon?: 'success' | 'fail' | 'loading';
  /** ms; antd-mobile's default when absent. */
  duration?: number;
}

export function toast(content: ReactNode, options: ToastOptions = {}): void {
  void load().then((impl) => impl.showToast(content, options));
}

/** A one-button dialog; resolves when it is closed. */
export async function alertDialog(content: ReactNode, confirmText: string): Promise<void> {
  const impl = await load();
  await impl.showAlert(content, confirmText);
}
