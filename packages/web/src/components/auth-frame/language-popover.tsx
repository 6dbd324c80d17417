import { GlobalOutline } from 'antd-mobile-icons';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@vendo/contract/locales';
import { currentLocale, LANGUAGE_NAMES, setLocale } from '../../i18n/i18n';

/**
 * The language choice of the screens without a header (login, sign-up, forgotten password): a small menu under
 * a button. Written here rather than with antd-mobile's Popover, whose positioning library the login screen
 * does not need for one fixed corner.
 */
export function LanguagePopover() {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const locale = currentLocale();

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div className="language-popover" ref={root}>
      <button
        type="button"
        className="language-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <GlobalOutline aria-hidden="true" />
        {/* The name a screen reader hears starts with what is written on the button (WCAG 2.5.3). */}
        <span>{LANGUAGE_NAMES[locale]}</span>
        <span className="visually-hidden">, {t('language')}</span>
      </button>
      {open ? (
        <ul className="language-menu" id={menuId} role="menu">
          {LOCALES.map((code) => (
            <li key={code} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={code === locale}
                lang={code}
                onClick={() => {
                  setOpen(false);
                  void setLocale(code);
                }}
              >
                {LANGUAGE_NAMES[code]}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
