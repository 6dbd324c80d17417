import type { Config } from '../config';
import type { DeviceGateway } from './device-gateway';
import { MqttPortInUseError, startEmbeddedBroker } from './embedded-broker';
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
  const start = (port: number) =>
    startEmbeddedBroker({ port, host: config.host, prefix: config.mqttTopicPrefix, directory, log });
  let broker: Awaited<ReturnType<typeof startEmbeddedBroker>>;
  try {
    broker = await start(config.mqttPort);
  } catch (error) {
    // `npm start` must run on a machine that already has a broker on 1883; the demo's machines are simulated
    // in this process and follow wherever the broker lands. A port someone chose, or production, stays an error.
    if (!(error instanceof MqttPortInUseError) || config.mode !== 'demo' || config.mqttPortChosen)
      throw error;
    broker = await start(0);
    log.warn(
      { wanted: config.mqttPort, port: broker.port },
      'MQTT port in use: the demo broker took a free port instead (set MQTT_PORT to choose one)',
    );
  }
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
