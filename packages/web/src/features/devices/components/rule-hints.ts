import { MIN_PRICE_CENTS, WIN_RATE_MAX } from '@vendo/contract/constants';
import { centsToYuan } from '@vendo/contract/money';
import { useTranslation } from 'react-i18next';
import './sheet-texts';

/** The spec §5 rules shown under price and win-rate inputs, with the contract's limits in them. */
export function useRuleHints() {
  const { t } = useTranslation('deviceSheets');
  return {
    price: t('rules.price', { min: centsToYuan(MIN_PRICE_CENTS) }),
    winRate: t('rules.winRate', { max: WIN_RATE_MAX }),
  };
}
