import mqtt from 'mqtt';
import type { UserInfo } from '@vendo/contract/api/account';
import { SimMachine, type SimMachineOptions } from '@vendo/device-sim/machine';
import { startEmbeddedBroker } from '../../gateway/embedded-broker';
import { startGateway, type RunningGateway } from '../../gateway/start-gateway';
import { sessionHeaders } from '../../testing/accounts';
import type { TestApp } from '../../testing/test-app';
import type { ProvisionedDevice } from './provisioning';

/*
 * Test helpers for machines: provision and bind through the real calls, run the gateway on a free port (or on
 * the broker of MQTT_TEST_URL), and simulated machines that speak the real protocol.
 */

/** The external broker tests also run against (CI: the local Mosquitto), when set. */
export const MQTT_TEST_URL = process.env['MQTT_TEST_URL'];

/** createTestApp env for a broker: its own topic prefix per app, so runs sharing a broker never collide. */
export function brokerEnv(broker: 'embedded' | 'external'): Record<string, string> {
  const prefix = `vt${Math.random().toString(36).slice(2, 10)}`;
  return broker === 'external' && MQTT_TEST_URL
    ? { MQTT_URL: MQTT_TEST_URL, MQTT_TOPIC_PREFIX: prefix, DEVICE_COMMAND_TIMEOUT_MS: '1500' }
    : { MQTT_TOPIC_PREFIX: prefix, DEVICE_COMMAND_TIMEOUT_MS: '1500' };
}

export async function provision(t: TestApp, type: ProvisionedDevice['type'] = 'vm', count = 1) {
  return t.services.devices.provision(count, type);
}

/** Binds a provisioned machine through /d/bind as the given main account. */
export async function bind(
  t: TestApp,
  user: UserInfo,
  device: ProvisionedDevice,
  title = 'Lobby',
  type?: string,
) {
  const answer = await t.call(
    '/api/v1/d/bind',
    { clientid: device.clientid, sn: device.sn, sign: device.sign, title, type: type ?? device.type },
    sessionHeaders(user),
  );
  if (answer.rcode !== 0) throw new Error(`bind ${device.sn}: ${answer.msg}`);
  return answer;
}

/** The gateway of a test app on its broker: embedded on a free port, or the external one of its config. */
export async function runGateway(t: TestApp): Promise<RunningGateway & { url: string }> {
  const { gateway, machines } = t.services.devices;
  if (t.config.mqttUrl) {
    const running = await startGateway(gateway, machines, t.config, quietLog);
    return { ...running, url: t.config.mqttUrl };
  }
  const broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    prefix: t.config.mqttTopicPrefix,
    directory: machines,
    log: quietLog,
  });
  await gateway.start(broker.link);
  return {
    mode: 'embedded',
    describe: `embedded on ${broker.port}`,
    localUrl: `mqtt://127.0.0.1:${broker.port}`,
    url: `mqtt://127.0.0.1:${broker.port}`,
    async close() {
      await gateway.stop();
      await broker.close();
    },
  };
}

/** A simulated machine for a provisioned device on the test app's broker and clock. */
export function machine(
  t: TestApp,
  gateway: { url: string },
  device: ProvisionedDevice,
  options: Partial<SimMachineOptions> = {},
): SimMachine {
  return new SimMachine({
    url: gateway.url,
    prefix: t.config.mqttTopicPrefix,
    sn: device.sn,
    clientid: device.clientid,
    secret: device.secret,
    type: device.type,
    clock: t.clock.read,
    commandDelayMs: 20,
    eventRetryMs: 300,
    ...options,
  });
}

/** Polls until the check passes (or throws its last failure after the timeout). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * Clears the retained statuses a test left on a shared broker (an empty retained message deletes one), so
 * runs leave nothing behind. The test broker has no authentication; the embedded one goes away by itself.
 */
export async function clearRetained(t: TestApp, sns: string[]): Promise<void> {
  if (!t.config.mqttUrl || sns.length === 0) return;
  const client = await mqtt.connectAsync(t.config.mqttUrl, {
    clientId: `vt-clean-${Date.now()}`,
    protocolVersion: 4,
  });
  for (const sn of sns) {
    await client.publishAsync(`${t.config.mqttTopicPrefix}/d/${sn}/status`, '', { qos: 1, retain: true });
  }
  await client.endAsync();
}

const quietLog = {
  info: () => undefined,
  warn: () => undefined,
  error: (obj: object, msg?: string) => console.error(msg, obj),
  debug: () => undefined,
};
