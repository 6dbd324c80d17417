import type { Config } from '../config';
import type { DeviceGateway } from './device-gateway';
import { startEmbeddedBroker } from './embedded-broker';
import { connectExternalLink, describeBrokerUrl } from './external-link';
import type { GatewayLog, MachineDirectory } from './machine-ports';

export interface RunningGateway {
  mode: 'embedded' | 'external';
  /** Where machines connect, for the start banner (no credentials). */
  describe: string;
  /** A URL a machine on this host can use (the demo's simulated machines). */
  localUrl: string;
  close(): Promise<void>;
}

/**
 * Starts the device link the configuration asks for: the embedded broker on MQTT_PORT, or the external broker
 * of MQTT_URL. Throws MqttPortInUseError (embedded) or a "cannot reach" error (external) with a clear message.
 */
export async function startGateway(
  gateway: DeviceGateway,
  directory: MachineDirectory,
  config: Config,
  log: GatewayLog,
): Promise<RunningGateway> {
  if (config.mqttUrl) {
    const link = await connectExternalLink({ url: config.mqttUrl, clientId: `vendo-${gateway.id}`, log });
    try {
      await gateway.start(link);
    } catch (error) {
      await link.close();
      throw error;
    }
    return {
      mode: 'external',
      describe: `${describeBrokerUrl(config.mqttUrl)} (external broker)`,
      localUrl: config.mqttUrl,
      async close() {
        await gateway.stop();
        await link.close();
      },
    };
  }
  const broker = await startEmbeddedBroker({
    port: config.mqttPort,
    host: config.host,
    prefix: config.mqttTopicPrefix,
    directory,
    log,
  });
  await gateway.start(broker.link);
  return {
    mode: 'embedded',
    describe: `mqtt://${config.host}:${broker.port} (embedded broker)`,
    localUrl: `mqtt://127.0.0.1:${broker.port}`,
    async close() {
      await gateway.stop();
      await broker.close();
    },
  };
}
