import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../components/test-antd';
import { i18n, registerNamespace } from '../../../i18n/i18n';
import billsTexts from '../../../i18n/resources/bills';
import { NO_TEXT_FILTERS } from '../utils/bill-filters';
import { FilterSheet } from './filter-sheet';

beforeEach(async () => {
  registerNamespace('bills', billsTexts);
  await i18n.changeLanguage('en-US');
});

describe('the bill filter sheet', () => {
  // A List.Item outside a List has neither the card nor the row padding: labels sat on the sheet's edge.
  it('sets every condition in a card list', async () => {
    render(<FilterSheet visible value={NO_TEXT_FILTERS} onApply={vi.fn()} onClose={vi.fn()} />);
    const f = billsTexts['en-US'].filters;
    for (const label of [f.sn, f.orderNo, f.cardno, f.merchantOrder, f.priceStart, f.priceEnd]) {
      expect((await screen.findByLabelText(label)).closest('.adm-list-card')).not.toBeNull();
    }
  });

  // The rows read as bare labels with nothing to show they take text; the numbers match whole.
  it.each([
    [
      'en-US',
      [
        'Whole machine number',
        'Whole order number',
        'Whole card number',
        'Whole merchant order no.',
        'Yuan, e.g. 1.00',
        'Yuan, e.g. 20.00',
      ],
    ],
    ['zh-CN', ['完整设备号', '完整订单号', '完整卡号', '完整商户单号', '如 1.00', '如 20.00']],
    ['zh-TW', ['完整設備號', '完整訂單號', '完整卡號', '完整商戶單號', '如 1.00', '如 20.00']],
  ] as const)('says in each field what it takes (%s)', async (locale, placeholders) => {
    await i18n.changeLanguage(locale);
    render(<FilterSheet visible value={NO_TEXT_FILTERS} onApply={vi.fn()} onClose={vi.fn()} />);
    const f = billsTexts[locale].filters;
    const labels = [f.sn, f.orderNo, f.cardno, f.merchantOrder, f.priceStart, f.priceEnd];
    for (const [i, label] of labels.entries()) {
      expect((await screen.findByLabelText(label)).getAttribute('placeholder'), label).toBe(placeholders[i]);
    }
  });

  it.each([
    ['en-US', 'Highest amount cannot be below the lowest amount'],
    ['zh-CN', '最高金额不能低于最低金额'],
    ['zh-TW', '最高金額不能低於最低金額'],
  ] as const)(
    'says the highest amount is below the lowest, naming it, and keeps what was typed (%s)',
    async (locale, text) => {
      await i18n.changeLanguage(locale);
      const onApply = vi.fn();
      render(<FilterSheet visible value={NO_TEXT_FILTERS} onApply={onApply} onClose={vi.fn()} />);
      const f = billsTexts[locale].filters;
      fireEvent.change(await screen.findByLabelText(f.priceStart), { target: { value: '5' } });
      fireEvent.change(screen.getByLabelText(f.priceEnd), { target: { value: '2' } });
      fireEvent.click(screen.getByRole('button', { name: f.apply }));
      expect(await screen.findByText(text)).toBeTruthy();
      expect(onApply).not.toHaveBeenCalled();
      expect((screen.getByLabelText(f.priceEnd) as HTMLInputElement).value).toBe('2');
    },
  );
});
