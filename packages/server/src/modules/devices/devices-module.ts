import type { Kysely } from 'kysely';
import type { DeviceType } from '@vendo/contract/enums';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { DeviceGateway } from '../../gateway/device-gateway';
import type { GatewayLog, MachineEventStore, MachineStateStore } from '../../gateway/machine-ports';
import { ImageUrls } from '../catalog/image-urls';
import { Background } from './background';
import { bindLink } from './bind-sign';
import { ChannelRepository } from './channel-repository';
import { DeviceRepository } from './device-repository';
import { DevicesService } from './devices-service';
import { MachineCommander } from './machine-commander';
import { MachineEventRepository } from './machine-event-repository';
import { MachineStateRepository } from './machine-state-repository';
import { MachineSync } from './machine-sync';
import { provisionDevices, type ProvisionedDevice } from './provisioning';
import { RemoteControlService } from './remote-control-service';
import type { ShelfLog } from './shelf-log';
import { ShelvesService } from './shelves-service';

export interface DevicesModuleDeps {
  db: Kysely<Database>;
  config: Config;
  platformSecret: string;
  clock: () => number;
  log: GatewayLog;
  /** The stock log that shelf changes are written to (the stock module's). */
  shelfLog: ShelfLog;
  /**
   * Where the gateway stores machine events, presence and reports when not on this thread's connection: the
   * ingest worker (decision 055). Default: `machines` and `events` below.
   */
  gatewayStores?: MachineEventStore & MachineStateStore;
}

/** The machines feature: its services, the gateway (started by `vendo serve`) and provisioning. */
export interface DevicesModule {
  gateway: DeviceGateway;
  /** Who may connect and what machines report: the embedded broker and the broker-auth calls use it. */
  machines: MachineStateRepository;
  events: MachineEventRepository;
  /** What the gateway stores events through: `events`, or the ingest worker (the benchmark swaps it). */
  gatewayEvents: MachineEventStore;
  devices: DevicesService;
  shelves: ShelvesService;
  remote: RemoteControlService;
  sync: MachineSync;
  /** Sends commands and keeps their audit trail: orders send their vends through it. */
  commander: MachineCommander;
  provision(count: number, type: DeviceType, batch?: string): Promise<ProvisionedDevice[]>;
  /** The bind link printed on a machine's QR code. */
  bindLink(device: { clientid: string; sn: string; sign: string }): string;
  /** Resolves when work started in the background (telling machines about binding) has finished. */
  idle(): Promise<void>;
}

export function createDevicesModule(deps: DevicesModuleDeps): DevicesModule {
  const { db, config, clock, log, platformSecret, shelfLog } = deps;
  const devices = new DeviceRepository(db);
  const channels = new ChannelRepository(db);
  const machines = new MachineStateRepository(db);
  const events = new MachineEventRepository(db);
  const gatewayEvents = deps.gatewayStores ?? events;
  const gateway = new DeviceGateway({
    prefix: config.mqttTopicPrefix,
    state: deps.gatewayStores ?? machines,
    events: gatewayEvents,
    log,
    clock,
  });
  const commander = new MachineCommander(db, gateway, clock, config.deviceCommandTimeoutMs);
  const sync = new MachineSync(devices, channels, commander);
  const background = new Background((error) => log.error({ err: error }, 'device background work failed'));
  const images = new ImageUrls(config.imageHost, config.publicUrl);
  gateway.onOnline((sn, presence) => background.run(() => sync.catchUp(sn, presence)));
  const baseUrl = config.publicUrl ?? `http://localhost:${config.port}`;

  return {
    gateway,
    machines,
    events,
    gatewayEvents,
    sync,
    commander,
    devices: new DevicesService({
      db,
      devices,
      channels,
      commander,
      sync,
      background,
      shelfLog,
      platformSecret,
      clock,
    }),
    shelves: new ShelvesService({
      db,
      devices,
      channels,
      commander,
      sync,
      shelfLog,
      clock,
      imageUrl: (p) => images.toUrl(p),
    }),
    remote: new RemoteControlService({ db, devices, channels, commander, sync, clock }),
    provision: (count, type, batch = `b${clock()}`) =>
      provisionDevices(db, channels, { count, type, platformSecret, batch, now: clock() }),
    bindLink: (device) => bindLink(baseUrl, device),
    idle: () => background.idle(),
  };
}
