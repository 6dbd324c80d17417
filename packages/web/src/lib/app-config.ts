import { useQuery } from '@tanstack/react-query';
import type { getAppConfig } from '@vendo/contract/api/account';
import type { CallResult } from '@vendo/contract/api/call';
import { callEndpoint, endpoint } from './api-client';

export type AppConfig = CallResult<typeof getAppConfig>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The mapped type names every field of the contract's result, so a field added there fails typecheck here. */
const FIELDS: { [K in keyof AppConfig]-?: (v: unknown) => boolean } = {
  mode: (v) => v === 'demo' || v === 'test' || v === 'production',
  browserGate: (v) => typeof v === 'boolean',
  sandbox: (v) => isObject(v) && typeof v.sms === 'boolean',
  wechatLogin: (v) => isObject(v) && typeof v.configured === 'boolean' && typeof v.url === 'string',
  agent: (v) =>
    isObject(v) && typeof v.id === 'string' && typeof v.name === 'string' && typeof v.logo === 'string',
};

export function isAppConfig(value: unknown): value is AppConfig {
  return (
    isObject(value) && (Object.keys(FIELDS) as (keyof AppConfig)[]).every((key) => FIELDS[key](value[key]))
  );
}

/**
 * The contract's getAppConfig, checked by hand: it runs on every first screen, which paints without zod.
 * app-config.test.ts holds the path and access to the contract's.
 */
export const appConfigCall = endpoint('/p/v1/getAppConfig', 'public', isAppConfig);

/**
 * The server's answer to "how should the app behave here": the in-app browser gate, sandbox labels, the
 * messaging-app login and the agent's brand. One query per agent for the life of the page.
 */
export function useAppConfig(agent: string) {
  return useQuery(appConfigQuery(agent));
}

/** useAppConfig's query, for main.tsx to start before the app renders. */
export function appConfigQuery(agent: string) {
  return {
    queryKey: ['app-config', agent],
    queryFn: () => callEndpoint(appConfigCall, { agent }),
    staleTime: Infinity,
    gcTime: Infinity,
  };
}
