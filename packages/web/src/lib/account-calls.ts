/**
 * The account calls of the contract, with their zod schemas. zod is the largest library the app uses, and the
 * first screen can paint without it, so the calls load on first use (usually while the first screen renders).
 */
export const loadAccountCalls = () => import('@vendo/contract/api/account');
