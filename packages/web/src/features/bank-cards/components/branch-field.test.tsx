import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, registerNamespace } from '../../../i18n/i18n';
import bankCardsTexts from '../../../i18n/resources/bank-cards';
import { setApiNavigator } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { BranchField } from './branch-field';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

function answer(result: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify({ rcode: 0, msg: '', result }), {
      headers: { 'content-type': 'application/json' },
    }),
  );
}

function renderField(onChange = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BranchField
        id="bc-branch"
        bank="102"
        provinceCode="450000"
        cityCode="450100"
        value=""
        missing={() => null}
        onMissing={() => undefined}
        onChange={onChange}
        ariaProps={{}}
      />
    </QueryClientProvider>,
  );
  return onChange;
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  setApiNavigator(() => undefined);
  registerNamespace('bankCards', bankCardsTexts);
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the branch picker', () => {
  it('lets a branch the directory lacks be typed, without a CNAPS number', async () => {
    answer({ data: [], count: 0 });
    const onChange = renderField();
    fireEvent.click(document.getElementById('bc-branch')!);
    expect(await screen.findByText('Branch not listed? Type its full name above.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/p/v1/b/getBankNo');
    expect(JSON.parse(String(init.body))).toEqual({ head_bank: '102', province: '450000', city: '450100' });
    fireEvent.change(screen.getByPlaceholderText('Search branch names'), {
      target: { value: '  中国工商银行南宁民族支行 ' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Use “中国工商银行南宁民族支行”' }));
    expect(onChange).toHaveBeenCalledWith({ bank_no: '', bank_branch: '中国工商银行南宁民族支行' });
  });

  it('picks a listed branch with its number', async () => {
    answer({ data: [{ bank_no: '102100099996', bank_branch: '中国工商银行' }], count: 1 });
    const onChange = renderField();
    fireEvent.click(document.getElementById('bc-branch')!);
    fireEvent.click(await screen.findByRole('button', { name: /中国工商银行/ }));
    expect(onChange).toHaveBeenCalledWith({ bank_no: '102100099996', bank_branch: '中国工商银行' });
  });
});
