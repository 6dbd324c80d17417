import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

interface RecentAccountsSheetProps {
  accounts: string[];
  visible: boolean;
  onPick: (username: string) => void;
  onRemove: (username: string) => void;
  onClose: () => void;
}

/** Accounts that logged in on this phone: pick one to fill the form, or remove it from the list. */
export function RecentAccountsSheet({
  accounts,
  visible,
  onPick,
  onRemove,
  onClose,
}: RecentAccountsSheetProps) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet-body-wrap">
      <section className="sheet" aria-labelledby="recent-title">
        <div className="sheet-head">
          <h2 id="recent-title">{t('recentAccounts')}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('common:actions.close')}
            onClick={onClose}
          >
            <CloseOutline />
          </button>
        </div>
        <ul className="recent-list">
          {accounts.map((username) => (
            <li key={username}>
              <button type="button" className="recent-pick" onClick={() => onPick(username)}>
                {username}
              </button>
              <button
                type="button"
                className="icon-button"
                aria-label={t('removeAccount', { username })}
                onClick={() => onRemove(username)}
              >
                <CloseOutline />
              </button>
            </li>
          ))}
        </ul>
      </section>
    </Popup>
  );
}
