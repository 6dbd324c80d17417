import type { BillAnalysis } from '@vendo/contract/api/orders';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, registerNamespace } from '../../../i18n/i18n';
import billsTexts from '../../../i18n/resources/bills';
import { AnalysisCard } from './analysis-card';

// 13 orders: 3 WeChat, 4 Alipay and 6 paid in cash or by card, whose income the card left out before.
const ANALYSIS: BillAnalysis = {
  count: 13,
  income: 10170,
  refund: 0,
  wxIncome: 1550,
  alipayIncome: 4530,
  otherIncome: 4090,
  successCount: 13,
  successRate: 10000,
  refundCount: 0,
  refundRate: 0,
  wxCount: 3,
  wxRate: 2308,
  alipayCount: 4,
  alipayRate: 3077,
  otherCount: 6,
  abnormalCount: 0,
  costPrice: null,
  profit: null,
};

beforeEach(async () => {
  registerNamespace('bills', billsTexts);
  await i18n.changeLanguage('en-US');
});

describe('the bill analysis', () => {
  it('shows the offline income, so the incomes by payment add up to the income', () => {
    render(<AnalysisCard analysis={ANALYSIS} />);
    const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(figure('Income')).toBe('¥101.70');
    expect(figure('WeChat income')).toBe('¥15.50');
    expect(figure('Alipay income')).toBe('¥45.30');
    expect(figure('Offline income')).toBe('¥40.90');
    // The shares of the count add up to 100 % too.
    expect(screen.getByText('Offline 6 · 46.15%')).toBeTruthy();
  });
});
