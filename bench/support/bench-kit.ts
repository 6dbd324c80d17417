import { fork, type ChildProcess } from 'node:child_process';
import type { buildApp } from '../../packages/server/src/app';

/*
 * What the benchmarks share: a seeded random source, a merchant signed up through the app's own calls, and an
 * API server in a child process. Each benchmark keeps only its own data and figures.
 */

/** A seeded generator (mulberry32): the same seed makes the same data on every run. */
export function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Built = Awaited<ReturnType<typeof buildApp>>;

/** A call to the in-process app; anything but rcode 0 throws with the server's message. */
export type BenchCall = <T>(url: string, body: unknown, headers?: Record<string, string>) => Promise<T>;

export interface BenchMerchant {
  call: BenchCall;
  /** The session of the new main account, for `call`'s headers. */
  headers: Record<string, string>;
  merchantId: number;
}

/** Signs a merchant up as a person would (account check, SMS code from the sandbox, sign-up). */
export async function signUpMerchant(
  { app, services }: Built,
  account: { phone: string; password: string; name: string },
): Promise<BenchMerchant> {
  const call: BenchCall = async <T>(url: string, body: unknown, headers: Record<string, string> = {}) => {
    const r = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
    const answer = r.json<{ rcode: number; msg: string; result: T }>();
    if (answer.rcode !== 0) throw new Error(`${url}: ${answer.msg}`);
    return answer.result;
  };
  const { sign } = await call<{ sign: string }>('/p/v1/checkAccount', {
    phone: account.phone,
    agentid: '888888',
  });
  const code = services.providers.sandboxes.sms?.latest(account.phone)?.params.code ?? '';
  const user = await call<{ token: string; secret: string }>('/p/v1/signUp', {
    mchName: account.name,
    phone: account.phone,
    password: account.password,
    business: 'vm',
    sign,
    code,
    agent: '888888',
  });
  const headers = { token: user.token, secret: user.secret };
  const overview = await call<{ account: { merchant_id: number } }>('/api/v1/u/getOverview', {}, headers);
  return { call, headers, merchantId: overview.account.merchant_id };
}

/** A child process serving HTTP (it sends `{ port }` once listening); answers its port. */
export async function serve(
  script: string,
  env: Record<string, string>,
): Promise<{ port: number; child: ChildProcess }> {
  const child = fork(script, { execArgv: ['--import', 'tsx'], env, stdio: 'inherit' });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { kind: string; port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
  return { port, child };
}
