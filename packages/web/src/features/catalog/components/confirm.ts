import { Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { getI18n } from 'react-i18next';

/** A two-button question (delete, rename); resolves true when the person confirms. */
export function confirmAction(options: {
  title: ReactNode;
  content?: ReactNode;
  confirmText: ReactNode;
  danger?: boolean;
}): Promise<boolean> {
  const t = getI18n().getFixedT(null, 'catalog');
  return new Promise((resolve) => {
    Dialog.show({
      title: options.title,
      content: options.content,
      closeOnAction: true,
      actions: [
        [
          { key: 'cancel', text: t('cancel'), onClick: () => resolve(false) },
          {
            key: 'confirm',
            text: options.confirmText,
            bold: true,
            danger: options.danger ?? false,
            onClick: () => resolve(true),
          },
        ],
      ],
      afterClose: () => resolve(false),
    });
  });
}
