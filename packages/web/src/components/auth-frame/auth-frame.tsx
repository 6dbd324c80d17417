import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentAgent } from '../../lib/agent';
import { useAppConfig } from '../../lib/app-config';
import { LanguagePopover } from './language-popover';

interface AuthFrameProps {
  title: string;
  /** A way back (to /login) for sign-up and forgotten password; the login screen has none. */
  onBack?: () => void;
  children: ReactNode;
}

/** The frame of the screens without the app header: language at the top, the agent's brand, then the form. */
export function AuthFrame({ title, onBack, children }: AuthFrameProps) {
  const { t } = useTranslation(['auth', 'common']);
  const { data } = useAppConfig(currentAgent());
  const brand = data?.agent;
  return (
    <div className="auth-page">
      <div className="auth-top">
        {onBack ? (
          <button
            type="button"
            className="icon-button"
            aria-label={t('common:actions.back')}
            onClick={onBack}
          >
            <LeftOutline />
          </button>
        ) : (
          <span />
        )}
        <LanguagePopover />
      </div>
      <div className="auth-brand">
        {brand?.logo ? <img className="auth-logo" src={brand.logo} alt="" width={56} height={56} /> : null}
        <div className="auth-brand-name">{brand?.name || t('productName')}</div>
        <h1 className="auth-title">{title}</h1>
      </div>
      {children}
    </div>
  );
}
