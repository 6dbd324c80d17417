import { Dialog, Toast } from 'antd-mobile';
import type { ReactNode } from 'react';
import type { ToastOptions } from './notify';

export function showToast(content: ReactNode, { icon, duration }: ToastOptions): void {
  Toast.show({ content, icon, duration });
}

export function showAlert(content: ReactNode, confirmText: string): Promise<void> {
  return Dialog.alert({ content, confirmText });
}
