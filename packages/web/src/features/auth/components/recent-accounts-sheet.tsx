import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Sheet, SheetFrame } from '../../../components/sheet/sheet';

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
  const { t } = useTranslation('auth');
  return (
    <Sheet visible={visible} onClose={onClose} closeOnMaskClick destroyOnClose={false}>
      <SheetFrame title={t('recentAccounts')} onClose={onClose} bodyClassName="recent-sheet-body">
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
      </SheetFrame>
    </Sheet>
  );
}
