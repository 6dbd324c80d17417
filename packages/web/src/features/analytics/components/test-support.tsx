import { QueryClientProvider } from '@tanstack/react-query';
import type { UserInfo } from '@vendo/contract/api/account';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { setApiNavigator } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { saveLogin } from '../../../lib/session';

/** Test support for the statistics screens (imported by *.test.tsx only). */

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

export function renderScreen(user: UserInfo, path: string, screen: ReactNode) {
  saveLogin(user);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{screen}</MemoryRouter>
    </QueryClientProvider>,
  );
}
