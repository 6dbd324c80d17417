import { BANK_REVIEW_DAYS } from '@vendo/contract/constants';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { bankTodo, useBankStatus } from '../api/bank-status';
import { CardIcon } from './tile-icons';

// Inside the banner's text a link must not rely on colour alone (WCAG link-in-text-block).
const LINK_STYLE: CSSProperties = { color: 'inherit', fontWeight: 600, textDecoration: 'underline' };

/**
 * The bank-card status banner (spec §2: only on /), from /k/isBindBank: no approved card (none yet, under
 * review, or turned down), or machines still without a payout card. Gone once a card is approved and every
 * machine is bound. Its line is held while the status loads, so the page below does not jump for the
 * merchants who need it.
 */
export function BankBanner({ now }: { now: number }) {
  const { t } = useTranslation('home');
  const { sees, status } = useBankStatus(now);
  if (!sees) return null;
  const data = status.data;
  if (!data) {
    return status.isError ? null : (
      <p className="bank-banner" aria-hidden="true" style={{ visibility: 'hidden' }}>
        &nbsp;
      </p>
    );
  }
  const todo = bankTodo(data);
  if (!todo) return null;
  const text =
    todo === 'bindMachines'
      ? t('bank.unbound', { count: data.unbound_devices })
      : data.reviewing > 0
        ? t('bank.reviewing', { days: BANK_REVIEW_DAYS })
        : data.rejected > 0
          ? t('bank.rejected')
          : data.incomplete > 0
            ? t('bank.incomplete')
            : t('bank.none');
  return (
    <p className="bank-banner" role="status">
      <CardIcon />
      <span>
        {text}{' '}
        <Link to="/bankCard" style={LINK_STYLE}>
          {t('bank.open')}
        </Link>
      </span>
    </p>
  );
}
