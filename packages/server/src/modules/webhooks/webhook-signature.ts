import { createHmac } from 'node:crypto';
import { SIGNATURE_HEADER } from '@vendo/contract/api/webhooks';

/**
 * The signature of a delivery, as the well-known payment providers sign theirs (docs/webhooks.md):
 * `Vendo-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. The timestamp is inside what is
 * signed, so a receiver that rejects old timestamps (5 minutes) cannot be fed a recorded delivery again later.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): Record<string, string> {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return { [SIGNATURE_HEADER]: `t=${unixSeconds},v1=${v1}` };
}
