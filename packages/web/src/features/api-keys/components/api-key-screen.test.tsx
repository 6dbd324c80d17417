import type { ApiKey } from '@vendo/contract/api/api-keys';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { copyText } from '../../../lib/clipboard';
import { makeUser } from '../../../lib/test-fixtures';
import { answerWith, bodiesTo, fetchMock, renderScreen } from '../../../testing/mock-api';
import type * as ApiKeysApi from '../api/api-keys-api';
import ApiKeyScreen from './api-key-screen';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));
vi.mock('../../../lib/clipboard', () => ({ copyText: vi.fn(async () => true) }));
// The person confirms: the revoke call goes out.
vi.mock('../../../components/dialog/confirm', () => ({ confirmAction: vi.fn(async () => true) }));
// The store list's answer is the whole store with its settings: the picker needs only id and name.
vi.mock('../api/api-keys-api', async (original) => ({
  ...(await original<typeof ApiKeysApi>()),
  useStores: () => ({ data: { data: [{ _id: 3, store_name: 'North' }], count: 1 }, isSuccess: true }),
}));

const LIST = '/api/v1/key/getApiKeys';
const ADD = '/api/v1/key/addApiKey';
const REVOKE = '/api/v1/key/revokeApiKey';
const KEY = `vk_${'A'.repeat(43)}`;

function apiKey(over: Partial<ApiKey> = {}): ApiKey {
  return {
    key_id: 7,
    name: 'ERP',
    prefix: 'vk_AbCdEfGh',
    permissions: [1021, 1031],
    all_device: 1,
    store: [],
    created_at: Date.UTC(2026, 10, 20, 2),
    last_used_at: null,
    revoked_at: null,
    ...over,
  };
}

const list = (data: ApiKey[]) => ({ rcode: 0, result: { data, count: data.length } });

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});
afterEach(() => {
  fetchMock.mockReset();
});

describe('/apiKeys', () => {
  it('lists keys with permissions, stores and last use, and revokes a live one', async () => {
    answerWith({
      [LIST]: list([
        apiKey(),
        apiKey({
          key_id: 8,
          name: 'Old',
          all_device: 0,
          store: [{ _id: 3, store_name: 'North' }],
          last_used_at: Date.UTC(2026, 10, 21, 2),
          revoked_at: Date.UTC(2026, 10, 22, 2),
        }),
      ]),
      [REVOKE]: { rcode: 0, result: { key_id: 7, revoked_at: 1 } },
    });
    renderScreen(makeUser(), '/apiKeys', <ApiKeyScreen />);
    const live = await screen.findByRole('listitem', { name: 'ERP' });
    expect(live.textContent).toContain('vk_AbCdEfGh…');
    expect(live.textContent).toContain('Bills');
    expect(live.textContent).toContain('All stores');
    expect(live.textContent).toContain('Never used');
    const old = screen.getByRole('listitem', { name: 'Old' });
    expect(old.textContent).toContain('Revoked');
    expect(old.textContent).toContain('North');
    expect(within(old).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(screen.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/p/v1/api-docs');

    fireEvent.click(within(live).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(bodiesTo(REVOKE)).toEqual([{ key_id: 7 }]));
  });

  it('makes a key: the rules at their fields, then the key once with a copy button', async () => {
    answerWith({
      [LIST]: list([]),
      [ADD]: { rcode: 0, result: { key_id: 9, key: KEY, prefix: KEY.slice(0, 11) } },
    });
    renderScreen(makeUser(), '/apiKeys', <ApiKeyScreen />);
    fireEvent.click((await screen.findAllByRole('button', { name: /New key/ }))[0]!);
    const heading = await screen.findByRole('heading', { name: 'New API key' }, { timeout: 5000 });
    const form = heading.closest('form')!;
    const sheet = within(form);

    fireEvent.click(sheet.getByRole('button', { name: 'Create' }));
    expect(form.querySelector('#api-key-name-error')?.textContent).toBe('Name cannot be empty');
    expect(form.querySelector('#api-key-permissions-error')?.textContent).toBe(
      'Choose at least one permission',
    );

    fireEvent.change(sheet.getByLabelText(/^Name/), { target: { value: 'ERP' } });
    fireEvent.click(sheet.getByText('Bills', { exact: true }));
    fireEvent.click(sheet.getByText('Chosen stores'));
    fireEvent.click(sheet.getByRole('button', { name: 'Create' }));
    expect(form.querySelector('#api-key-scope-error')?.textContent).toBe('Stores cannot be empty');
    expect(bodiesTo(ADD)).toEqual([]);

    fireEvent.click(await sheet.findByText('North'));
    fireEvent.click(sheet.getByRole('button', { name: 'Create' }));
    await screen.findByRole('heading', { name: 'Key created' });
    expect(bodiesTo(ADD)).toEqual([{ name: 'ERP', permissions: [1021], all_device: 0, store: [3] }]);
    expect(screen.getByText(KEY)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy key' }));
    await waitFor(() => expect(copyText).toHaveBeenCalledWith(KEY));
  });
});
