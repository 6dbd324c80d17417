import type { AuditEntry } from '@vendo/contract/api/audit';
import { RCODE, rcodeText } from '@vendo/contract/rcodes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import componentTexts from '../../../i18n/resources/components';
import auditTexts from '../../../i18n/resources/audit';
import { makeUser } from '../../../lib/test-fixtures';
import { answerWith, bodiesTo, fetchMock, renderScreen } from '../../../testing/mock-api';
import AuditScreen from './audit-screen';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const LIST = '/api/v1/u/getAuditLog';
const ENTRY = '/api/v1/u/getAuditEntry';
const USERS = '/api/v1/u/getUserList';

const entry: AuditEntry = {
  id: 41,
  at: Date.UTC(2026, 10, 26, 4, 30, 0),
  actor_kind: 'staff',
  actor_id: 9,
  actor_name: 'Li Lei (clerk)',
  ip: '203.0.113.9',
  user_agent: 'MicroMessenger',
  call: '/api/v1/c/setChannelInfo',
  kind: 'price',
  action: 'price',
  target_type: 'machine',
  target_id: '70001',
  target_name: 'Lobby 3',
  sn: '70001',
};

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});
afterEach(() => {
  fetchMock.mockReset();
});

describe('/auditLog', () => {
  it('lists entries by today, filters by kind, and shows an entry’s before and after', async () => {
    answerWith({
      [LIST]: { rcode: 0, result: { data: [entry], count: 1, range: { start_time: 0, end_time: 1 } } },
      [USERS]: { rcode: 0, result: { data: [], count: 0 } },
      [ENTRY]: {
        rcode: 0,
        result: { data: { ...entry, changes: [{ field: 'price', before: 300, after: 350 }] } },
      },
    });
    renderScreen(makeUser(), '/auditLog', <AuditScreen />);
    const card = await screen.findByRole('button', { name: /Li Lei \(clerk\)/ });
    expect(card.textContent).toContain('Price');
    expect(card.textContent).toContain('Staff');
    expect(card.textContent).toContain('203.0.113.9');
    expect(card.textContent).toContain('Machine · Lobby 3');
    // Today's range, end exclusive, and no other filter.
    const first = bodiesTo(LIST)[0] as { condition: Record<string, number> };
    expect(Object.keys(first.condition).sort()).toEqual(['end_time', 'start_time']);
    expect(first.condition['end_time']! - first.condition['start_time']!).toBeGreaterThan(0);

    fireEvent.click(card);
    const table = await screen.findByRole('region', { name: 'Changes' });
    await waitFor(() => expect(within(table).getByText('350')).toBeTruthy());
    expect(within(table).getByText('300')).toBeTruthy();
    // The field in words, not its column.
    expect(within(table).getByRole('rowheader').textContent).toBe('Price (cents)');
    expect(bodiesTo(ENTRY)).toEqual([{ id: 41 }]);
  });

  it.each(['zh-CN', 'zh-TW', 'en-US'] as const)(
    'a machine number the merchant never had is refused in the server’s words, not “could not load” (%s)',
    async (lang) => {
      await i18n.changeLanguage(lang);
      // The server answers in the request's language; the screen shows its msg as it is.
      const refusal = rcodeText(RCODE.DEVICE_NOT_FOUND)![lang];
      answerWith({
        [LIST]: (body) =>
          (body as { condition: { sn?: string } }).condition.sn
            ? { rcode: RCODE.DEVICE_NOT_FOUND, msg: refusal }
            : { rcode: 0, result: { data: [entry], count: 1, range: { start_time: 0, end_time: 1 } } },
        [USERS]: { rcode: 0, result: { data: [], count: 0 } },
      });
      renderScreen(makeUser(), '/auditLog', <AuditScreen />);
      await screen.findByRole('button', { name: /Li Lei \(clerk\)/ });
      const search = screen.getByPlaceholderText(auditTexts[lang].list.machine);
      fireEvent.change(search, { target: { value: '99999' } });
      fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
      const alert = await screen.findByRole('alert');
      expect(bodiesTo(LIST).at(-1)).toMatchObject({ condition: { sn: '99999' } });
      expect(alert.textContent).toContain(refusal);
      expect(alert.textContent).toContain(String(RCODE.DEVICE_NOT_FOUND));
      expect(alert.textContent).not.toContain(componentTexts[lang].loadFailed);
      expect(screen.queryByRole('button', { name: /Li Lei \(clerk\)/ })).toBeNull();
    },
  );
});
