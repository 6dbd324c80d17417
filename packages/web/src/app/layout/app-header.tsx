import { LeftOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/notify';

interface AppHeaderProps {
  title: string;
  showBack: boolean;
  /** Absent when nobody is logged in: the side menu has nothing to offer then. */
  onMenu?: () => void;
}

/** React Router keeps the position in the history stack in history.state.idx. */
function canGoBack(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && Number((state as { idx?: unknown }).idx) > 0;
}

export function AppHeader({ title, showBack, onMenu }: AppHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const goBack = () => {
    if (pathname === '/') {
      toast(t('homeCannotGoBack'));
      return;
    }
    // A screen opened from a link or a QR code has no page behind it; home is the sensible way back.
    if (canGoBack()) void navigate(-1);
    else void navigate('/', { replace: true });
  };

  // Not antd-mobile's NavBar: it wraps the left side in a role="button" of its own, a control around ours.
  return (
    <header className="app-header">
      <div className="app-header-bar">
        <div className="app-header-side">
          {showBack ? (
            <button type="button" className="icon-button" aria-label={t('actions.back')} onClick={goBack}>
              <LeftOutline />
            </button>
          ) : null}
        </div>
        <h1 className="app-header-title">{title}</h1>
        <div className="app-header-side app-header-side-end">
          {onMenu ? (
            <button type="button" className="icon-button" aria-label={t('actions.menu')} onClick={onMenu}>
              <UnorderedListOutline />
            </button>
          ) : null}
        </div>
      </div>
    </header>
  );
}
