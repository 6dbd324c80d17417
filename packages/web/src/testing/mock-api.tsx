import { QueryClientProvider } from '@tanstack/react-query';
import type { UserInfo } from '@vendo/contract/api/account';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { setApiNavigator } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { saveLogin } from '../lib/session';

/*
 * Screens under test against mocked contract answers (imported by *.test.tsx only): the envelope each path
 * answers, the bodies the screen posted, and a screen rendered logged in with its router and query client.
 */

export const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

export type Answer = { rcode: number; msg?: string; result?: unknown };

/** Answers each path with its envelope; an unknown path fails the test loudly. */
export function answerWith(answers: Record<string, Answer | ((body: unknown) => Answer)>): void {
  vi.stubGlobal('fetch', fetchMock);
  setApiNavigator(() => undefined);
  fetchMock.mockImplementation((input, init) => {
    const entry = answers[input];
    if (!entry) return Promise.reject(new Error(`unexpected call ${input}`));
    const body: unknown = JSON.parse(String(init.body));
    const answer = typeof entry === 'function' ? entry(body) : entry;
    return Promise.resolve(
      new Response(JSON.stringify({ msg: 'OK', result: null, ...answer }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
}

/** The bodies posted to a path, in order. */
export function bodiesTo(path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => input === path)
    .map(([, init]) => JSON.parse(String(init.body)) as unknown);
}

/** Where the app is now, for tests that follow a link. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/** The screen at `path`, logged in as `user`; `where` shows the address it navigates to. */
export function renderScreen(user: UserInfo, path: string, screen: ReactNode) {
  saveLogin(user);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={screen} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
