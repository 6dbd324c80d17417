import type { ReactNode } from 'react';
import { Dialog } from 'antd-mobile';
import { getI18n, useTranslation } from 'react-i18next';

export interface AppDialogProps {
  visible: boolean;
  /** Called by the close button (and by a mask tap when closeOnMaskClick is set). */
  onClose: () => void;
  content: ReactNode;
  /** Defaults to "tip". */
  title?: ReactNode;
  /** Text of the single close button; defaults to "done". */
  closeText?: ReactNode;
  closeOnMaskClick?: boolean;
  /** Runs once the closing animation has finished, e.g. to clear the content the caller kept in state. */
  afterClose?: () => void;
}

/** The generic dialog of spec §2: a title (default "tip"), content and one close button (default "done"). */
export function AppDialog({
  visible,
  onClose,
  content,
  title,
  closeText,
  closeOnMaskClick = false,
  afterClose,
}: AppDialogProps) {
  const { t } = useTranslation('components');
  return (
    <Dialog
      visible={visible}
      title={title ?? t('tip')}
      content={content}
      closeOnMaskClick={closeOnMaskClick}
      onClose={onClose}
      afterClose={afterClose}
      actions={[{ key: 'close', text: closeText ?? t('done') }]}
      onAction={onClose}
    />
  );
}

export interface ShowTipOptions {
  title?: ReactNode;
  confirmText?: ReactNode;
  closeOnMaskClick?: boolean;
}

/**
 * Opens the same dialog from code that has no place to keep `visible` (an effect, a mutation callback).
 * Resolves when the user closes it. Texts come from react-i18next's global instance because this runs outside
 * any component; the app must register antd-mobile's React 19 renderer (unstableSetRender) before calling it.
 */
export function showTip(content: ReactNode, options: ShowTipOptions = {}): Promise<void> {
  const t = getI18n().getFixedT(null, 'components');
  return Dialog.alert({
    title: options.title ?? t('tip'),
    content,
    confirmText: options.confirmText ?? t('done'),
    closeOnMaskClick: options.closeOnMaskClick ?? false,
  });
}

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  confirmText: ReactNode;
  /** Colours the confirm button as a destructive action. */
  danger?: boolean;
}

/** A two-button question (cancel, confirm); resolves true when the user confirms. See showTip for the texts. */
export function showConfirm(options: ConfirmOptions): Promise<boolean> {
  const t = getI18n().getFixedT(null, 'components');
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
