import { Button, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A bottom sheet. Its content is created afresh each time it opens (a new form starts empty) and stays while it
 * is open whatever happens inside. A tap outside does not close it, so a stray touch never throws away what was
 * typed; the close button in its head does.
 */
export function Sheet({
  visible,
  onClose,
  children,
}: {
  visible: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Popup
      visible={visible}
      onClose={onClose}
      position="bottom"
      destroyOnClose
      bodyClassName="sheet-body-wrap"
    >
      {children}
    </Popup>
  );
}

interface SheetFormProps {
  title: string;
  onClose: () => void;
  /** Omitted for sheets that only show something: no form, no save button. */
  onSubmit?: () => void;
  submitText?: string;
  submitting?: boolean;
  /** The server's words when a save failed, kept on screen above the button. */
  message?: string | null;
  /** Replaces the save button (e.g. a download). */
  footer?: ReactNode;
  children: ReactNode;
}

/** The inside of a sheet: a title with a close button, the body, and the main button kept in thumb's reach. */
export function SheetForm({
  title,
  onClose,
  onSubmit,
  submitText,
  submitting,
  message,
  footer,
  children,
}: SheetFormProps) {
  const { t } = useTranslation('catalog');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!submitting) onSubmit?.();
  };
  const head = (
    <div className="sheet-head">
      <h2>{title}</h2>
      <button type="button" className="icon-button" aria-label={t('close')} onClick={onClose}>
        <CloseOutline />
      </button>
    </div>
  );
  const foot =
    onSubmit || footer ? (
      <div className="catalog-sheet-footer">
        {message ? (
          <p className="form-message" role="alert">
            {message}
          </p>
        ) : null}
        {footer ?? (
          <Button block type="submit" color="primary" size="large" loading={submitting}>
            {submitText ?? t('save')}
          </Button>
        )}
      </div>
    ) : null;
  if (!onSubmit) {
    return (
      <section className="sheet catalog-sheet" aria-label={title}>
        {head}
        <div className="catalog-sheet-body">{children}</div>
        {foot}
      </section>
    );
  }
  return (
    <form className="sheet catalog-sheet" onSubmit={submit} noValidate aria-label={title}>
      {head}
      <div className="catalog-sheet-body">{children}</div>
      {foot}
    </form>
  );
}
