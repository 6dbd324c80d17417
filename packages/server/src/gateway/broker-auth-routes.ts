import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { machineMayPublish, machineMaySubscribe } from '@vendo/contract/device-protocol';
import type { MachineDirectory } from './machine-ports';

const authBody = z.object({
  username: z.string().max(64),
  password: z.string().max(200),
  clientid: z.string().max(128),
});

/** mosquitto-go-auth sends acc (1 read, 2 write, 3 both, 4 subscribe); EMQX sends action. */
const aclBody = z.object({
  username: z.string().max(64),
  topic: z.string().max(512),
  acc: z.coerce.number().int().optional(),
  action: z.enum(['publish', 'subscribe']).optional(),
});

/**
 * Authentication and ACL for an external broker (MQTT_URL), in the shape broker HTTP-auth plugins call:
 * mosquitto-go-auth's http backend (JSON params, status response mode) and EMQX's HTTP authenticator and
 * authorizer. 200 {"result":"allow"} allows; 403 {"result":"deny"} refuses. The gateway's own account is not
 * a machine: configure it in the broker as a superuser (docs/device-protocol.md).
 */
export function brokerAuthRoutes(app: FastifyInstance, directory: MachineDirectory, prefix: string): void {
  app.post('/p/v1/mqtt/auth', async (request, reply) => {
    const body = authBody.safeParse(request.body);
    const ok =
      body.success &&
      (await directory.authenticate(body.data.username, body.data.password, body.data.clientid));
    return reply.status(ok ? 200 : 403).send({ result: ok ? 'allow' : 'deny', is_superuser: false });
  });
  app.post('/p/v1/mqtt/acl', async (request, reply) => {
    const body = aclBody.safeParse(request.body);
    let ok = false;
    if (body.success) {
      const { username, topic, acc, action } = body.data;
      const subscribe = action === 'subscribe' || acc === 1 || acc === 4;
      const publish = action === 'publish' || acc === 2;
      if (acc === 3)
        ok = machineMaySubscribe(prefix, username, topic) && machineMayPublish(prefix, username, topic);
      else if (subscribe) ok = machineMaySubscribe(prefix, username, topic);
      else if (publish) ok = machineMayPublish(prefix, username, topic);
    }
    return reply.status(ok ? 200 : 403).send({ result: ok ? 'allow' : 'deny' });
  });
}
