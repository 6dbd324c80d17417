import { CloseOutline } from 'antd-mobile-icons';
import { useLockScroll } from 'antd-mobile/es/utils/use-lock-scroll';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { FormSubmit } from '../form/form-submit';
import './sheet.css';

/** How long the sheet takes to slide away; sheet.css animates with the same duration. */
const SLIDE_MS = 300;

export interface SheetProps {
  visible: boolean;
  onClose: () => void;
  /**
   * Whether a tap outside closes it. Off for forms, so a stray touch never throws away what was typed: their close
   * button does.
   */
  closeOnMaskClick?: boolean;
  /** true: the content is created afresh on each opening (a new form starts empty); false: it stays, hidden. */
  destroyOnClose?: boolean;
  children: ReactNode;
}

/**
 * A bottom sheet. It slides with a CSS transition: antd-mobile's Popup animates through a spring library and a
 * gesture library (some 28 KB of gzip) that a sheet does not need. Like Popup it renders into document.body,
 * locks the page's scrolling while shown, and keeps clicks inside from reaching the components around it.
 */
export function Sheet({
  visible,
  onClose,
  closeOnMaskClick = false,
  destroyOnClose = true,
  children,
}: SheetProps) {
  const panel = useRef<HTMLDivElement>(null);
  const [container] = useState(() => document.createElement('div'));
  const [wasVisible, setWasVisible] = useState(visible);
  // Slid in; false while it waits one layout below the screen, so the slide has somewhere to start from.
  const [raised, setRaised] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [opened, setOpened] = useState(visible);
  if (wasVisible !== visible) {
    setWasVisible(visible);
    setLeaving(!visible);
    if (!visible) setRaised(false);
  }
  if (visible && !opened) setOpened(true);
  const present = visible || leaving;

  useLockScroll(panel as RefObject<HTMLElement>, present ? 'strict' : false);

  useLayoutEffect(() => {
    if (!present) return;
    // Last in the body, so it covers whatever opened before it (the sheet it was opened from, a picker).
    document.body.appendChild(container);
  }, [present, container]);

  useLayoutEffect(() => {
    if (!visible || raised) return;
    // Reading the layout fixes the starting position below the screen; the change that follows then slides.
    panel.current?.getBoundingClientRect();
    setRaised(true);
  }, [visible, raised]);

  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => setLeaving(false), SLIDE_MS);
    return () => clearTimeout(timer);
  }, [leaving]);

  useEffect(() => () => container.remove(), [container]);

  if (destroyOnClose ? !present : !opened) return null;
  return createPortal(
    <div
      className="sheet-layer"
      data-raised={visible && raised}
      hidden={!present}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      <div className="sheet-mask" aria-hidden="true" onClick={closeOnMaskClick ? onClose : undefined} />
      <div ref={panel} className="sheet-panel">
        {children}
      </div>
    </div>,
    container,
  );
}

/**
 * Content (a form, a picker) in a sheet that closes the way the content does: the unit a screen loads lazily when
 * it first opens the sheet, so that the code and the sheet arrive together and the sheet slides up filled.
 */
export function inSheet<P extends { onClose: () => void }>(Content: ComponentType<P>) {
  function InSheet({ visible, ...props }: P & { visible: boolean }) {
    const contentProps = props as unknown as P;
    return (
      <Sheet visible={visible} onClose={contentProps.onClose}>
        <Content {...contentProps} />
      </Sheet>
    );
  }
  return InSheet;
}

export interface SheetFrameProps {
  title: string;
  onClose: () => void;
  /** Makes the sheet a form with a save button; omitted for sheets that only show something. */
  onSubmit?: () => void;
  /** Defaults to "save". */
  submitText?: string;
  submitting?: boolean;
  /** The server's words when a save failed, kept on screen above the button. */
  message?: string | null;
  /** Replaces the save button (e.g. a download). */
  footer?: ReactNode;
  /** Fills most of the screen with a body that scrolls under a fixed head and foot (forms, lists to pick from). */
  tall?: boolean;
  bodyClassName?: string;
  children: ReactNode;
}

/** The inside of a sheet: a title with a close button, the body, and the main button kept in thumb's reach. */
export function SheetFrame({
  title,
  onClose,
  onSubmit,
  submitText,
  submitting,
  message,
  footer,
  tall,
  bodyClassName,
  children,
}: SheetFrameProps) {
  const { t } = useTranslation('components');
  const titleId = useId();
  const head = (
    <div className="sheet-head">
      <h2 id={titleId}>{title}</h2>
      <button type="button" className="icon-button" aria-label={t('close')} onClick={onClose}>
        <CloseOutline />
      </button>
    </div>
  );
  const body = <div className={bodyClassName ? `sheet-body ${bodyClassName}` : 'sheet-body'}>{children}</div>;
  const foot =
    onSubmit || footer ? (
      <div className="sheet-footer">
        {footer ?? (
          <FormSubmit message={message} submitting={submitting}>
            {submitText ?? t('save')}
          </FormSubmit>
        )}
      </div>
    ) : null;
  const className = tall ? 'sheet sheet-tall' : 'sheet';
  if (!onSubmit) {
    return (
      <section className={className} aria-labelledby={titleId}>
        {head}
        {body}
        {foot}
      </section>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!submitting) onSubmit();
  };
  return (
    <form className={className} onSubmit={submit} noValidate aria-labelledby={titleId}>
      {head}
      {body}
      {foot}
    </form>
  );
}
