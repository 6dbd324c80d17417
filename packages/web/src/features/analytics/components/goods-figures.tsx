import type { GoodsFigures as Goods } from '@vendo/contract/api/analytics';
import { formatMoney, formatRate } from '@vendo/contract/money';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { FigureGrid, type Figure } from './figure-grid';

/** A goods' figures (spec §3 goods overview): units, income, price = income / units, and the two shares. */
export function GoodsFigures({ goods }: { goods: Goods }) {
  const { t } = useTranslation('analytics');
  const locale = currentLocale();
  const figures: Figure[] = [
    [t('figures.income'), formatMoney(goods.income, locale)],
    [t('figures.units'), String(goods.count)],
    [t('figures.unitPrice'), formatMoney(goods.price, locale)],
    [t('figures.incomeRate'), formatRate(goods.incomeRate)],
    [t('figures.countRate'), formatRate(goods.countRate)],
  ];
  if (goods.profit !== null) figures.push([t('figures.profit'), formatMoney(goods.profit, locale)]);
  return <FigureGrid figures={figures} />;
}
