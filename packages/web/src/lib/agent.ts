import { COOKIE_MAX_AGE_DAYS, DEFAULT_AGENT } from '@vendo/contract/constants';
import { readCookie, writeCookie } from './cookies';

export const AGENT_COOKIE = 'agent';

/**
 * The agent (reseller) whose brand the app wears: `?agent=` in the address wins and is remembered for a year,
 * so a merchant who arrived through an agent's link keeps that brand on later visits.
 */
export function currentAgent(search: string = window.location.search): string {
  const fromQuery = new URLSearchParams(search).get('agent')?.trim();
  if (fromQuery) {
    if (fromQuery !== readCookie(AGENT_COOKIE)) writeCookie(AGENT_COOKIE, fromQuery, COOKIE_MAX_AGE_DAYS);
    return fromQuery;
  }
  return readCookie(AGENT_COOKIE) || DEFAULT_AGENT;
}
