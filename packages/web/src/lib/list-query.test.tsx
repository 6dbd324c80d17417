import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getSubUser } from '@vendo/contract/api/staff';
import { RCODE, rcodeText } from '@vendo/contract/rcodes';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListState } from '../components/list-state/list-state';
import { CardEntry } from '../features/bank-cards/components/card-entry';
import FundScreen from '../features/funds/components/fund-screen';
import { RoleList } from '../features/staff/components/role-list';
import { StaffList } from '../features/staff/components/staff-list';
import StockScreen from '../features/stock/components/stock-screen';
import { i18n, registerNamespace } from '../i18n/i18n';
import bankCardsTexts from '../i18n/resources/bank-cards';
import { answerWith, fetchMock, renderScreen } from '../testing/mock-api';
import { toast } from './notify';
import { callQuery, listQuery } from './query-keys';
import { makeUser } from './test-fixtures';

vi.mock('./notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const STAFF = '/api/v1/u/getSubUser';
const BODY = { pageNum: 1, pageSize: 10, step: 'start' as const, condition: {} };
/** A list as the screens have it: a listQuery shown in a ListState; `refetch` for the test to refetch it. */
function Rows({ list = true }: { list?: boolean }) {
  const query = useQuery(list ? listQuery(getSubUser, BODY) : callQuery(getSubUser, BODY));
  const client = useQueryClient();
  return (
    <>
      <button type="button" onClick={() => void client.refetchQueries()}>
        refetch
      </button>
      <ListState
        pending={query.isPending}
        failed={query.isError && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        <p>{query.data ? `${query.data.count} rows` : null}</p>
      </ListState>
    </>
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  vi.mocked(toast).mockClear();
});
afterEach(() => {
  fetchMock.mockReset();
});

describe('a list refused by the server says it once', () => {
  it.each(['zh-CN', 'zh-TW', 'en-US'] as const)(
    'a staff member refused the staff list reads the refusal in the list, in the server’s words, and no toast (%s)',
    async (lang) => {
      await i18n.changeLanguage(lang);
      const refusal = rcodeText(RCODE.FORBIDDEN)![lang];
      answerWith({ [STAFF]: { rcode: RCODE.FORBIDDEN, msg: refusal } });
      renderScreen(makeUser({ isMain: false }), '/subAccount', <StaffList />);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(refusal);
      expect(alert.textContent).toContain(String(RCODE.FORBIDDEN));
      expect(toast).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['/api/v1/a/getRole', '/role', <RoleList key="roles" />],
    ['/api/v1/b/getFunds', '/fundManage', <FundScreen key="funds" />],
    // The totals tab and the screen's probe of the same page (for the app-expired guide) share the query.
    ['/api/v1/i/getStockTotal', '/stock', <StockScreen key="stock" />],
  ] as const)('%s refused: said once, in its list (%s)', async (path, at, element) => {
    answerWith({ [path]: { rcode: RCODE.FORBIDDEN, msg: 'No permission' } });
    renderScreen(makeUser(), at, element);
    expect((await screen.findByRole('alert')).textContent).toContain('No permission (403)');
    expect(toast).not.toHaveBeenCalled();
  });

  it('a stored bank card refused to its editor: said once, in its failed state', async () => {
    registerNamespace('bankCards', bankCardsTexts);
    answerWith({
      '/api/v1/k/getBank': { rcode: RCODE.FORBIDDEN, msg: 'No permission' },
      '/api/v1/k/getImage': { rcode: RCODE.FORBIDDEN, msg: 'No permission' },
    });
    renderScreen(makeUser(), '/bankCard', <CardEntry merchantId="M100" onClose={() => {}} />);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.textContent).toContain('No permission (403)');
    expect(toast).not.toHaveBeenCalled();
  });

  it('a refetch that fails keeps the rows and is said as a toast, once', async () => {
    let refuse = false;
    answerWith({
      [STAFF]: () =>
        refuse
          ? { rcode: RCODE.FORBIDDEN, msg: 'No permission' }
          : { rcode: 0, result: { data: [], count: 4 } },
    });
    renderScreen(makeUser(), '/', <Rows />);
    await screen.findByText('4 rows');
    refuse = true;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'refetch' }));
      await Promise.resolve();
    });
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1));
    expect(vi.mocked(toast).mock.calls[0]![0]).toBe('No permission (403)');
    expect(screen.getByText('4 rows')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a query no list shows (callQuery) is still said as a toast', async () => {
    answerWith({ [STAFF]: { rcode: 716, msg: 'Refused' } });
    renderScreen(makeUser(), '/', <Rows list={false} />);
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1));
    expect(vi.mocked(toast).mock.calls[0]![0]).toBe('Refused (716)');
  });
});
