import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import QRCode from 'qrcode';
import { DEVICE_TYPES, isDeviceType } from '@vendo/contract/enums';
import type { Config } from '../config';
import type { Db } from '../db/create-db';
import { bindSign } from '../modules/devices/bind-sign';
import { createDevicesModule } from '../modules/devices/devices-module';
import { rotateDeviceSecret } from '../modules/devices/provisioning';
import { loadPlatformSecret } from '../platform/platform-secret';
import { logShelfChange } from '../modules/stock/shelf-stock-log';

const usage = `vendo devices <command>
  provision --count N --type T [--out FILE] [--batch NAME] [--no-qr]
                 make N machines of type T (${DEVICE_TYPES.join(', ')}): prints sn, clientid, secret and bind
                 link of each, writes QR codes of the links to DATA_DIR/qr/<sn>.png; --out also writes the
                 credentials as JSON for \`npm run sim -- --file FILE\`; --no-qr skips the images
  list           every machine: sn, type, owner, online
  link --sn SN   the bind link of a machine again (and its QR code)
  rotate-secret --sn SN
                 a new device secret for a machine (the old one stops working)`;

const MAX_PER_RUN = 10_000;

/** Factory and operator commands for machines (docs/device-protocol.md, provisioning). */
export async function runDevices(
  db: Db,
  config: Config,
  args: string[],
  out: (line: string) => void,
): Promise<number> {
  const [command, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      count: { type: 'string' },
      type: { type: 'string' },
      out: { type: 'string' },
      batch: { type: 'string' },
      sn: { type: 'string' },
      'no-qr': { type: 'boolean' },
    },
    strict: false,
  });
  const secret = await loadPlatformSecret(db.kysely, config.secret);
  const log = {
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
    debug: () => undefined,
  };
  const devices = createDevicesModule({
    db: db.kysely,
    config,
    platformSecret: secret,
    clock: Date.now,
    log,
    shelfLog: logShelfChange,
  });
  const qrDir = path.join(config.dataDir, 'qr');

  switch (command) {
    case 'provision': {
      const count = Number(values.count);
      const type = values.type;
      if (!Number.isInteger(count) || count < 1 || count > MAX_PER_RUN || !isDeviceType(type)) {
        out(`--count takes 1..${MAX_PER_RUN} and --type one of ${DEVICE_TYPES.join(', ')}\n\n${usage}`);
        return 2;
      }
      const batch = typeof values.batch === 'string' ? values.batch.slice(0, 32) : undefined;
      const made = await devices.provision(count, type, batch);
      if (!config.publicUrl)
        out('PUBLIC_URL is not set: bind links point at http://localhost; set it for real labels.');
      out('sn            clientid            secret                            bind link');
      for (const d of made) {
        const link = devices.bindLink(d);
        if (!values['no-qr']) await writeQr(qrDir, d.sn, link);
        out(`${d.sn}  ${d.clientid}  ${d.secret}  ${link}`);
      }
      if (typeof values.out === 'string') {
        // npm runs the command in the package folder; the path is meant from where it was typed.
        const file = path.resolve(process.env['INIT_CWD'] ?? process.cwd(), values.out);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        const credentials = made.map(({ sn, clientid, secret: s, type: t }) => ({
          sn,
          clientid,
          secret: s,
          type: t,
        }));
        // The secrets are passwords: readable by this user only.
        fs.writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
        out(`credentials written to ${file}`);
      }
      out(`${made.length} machines provisioned${values['no-qr'] ? '' : `; QR codes in ${qrDir}`}`);
      return 0;
    }
    case 'list': {
      const rows = await db.kysely
        .selectFrom('devices')
        .select(['sn', 'type', 'merchant_id', 'title', 'alive', 'batch'])
        .orderBy('sn')
        .execute();
      if (rows.length === 0) out('no machines; `vendo devices provision` makes some');
      for (const r of rows) {
        const owner = r.merchant_id === null ? 'unbound' : `merchant #${r.merchant_id} "${r.title}"`;
        out(`${r.sn}  ${r.type.padEnd(4)}  ${r.alive ? 'online ' : 'offline'}  ${owner}  batch ${r.batch}`);
      }
      return 0;
    }
    case 'link': {
      const device = await findDevice(db, values.sn);
      if (!device) {
        out(`no machine with sn ${String(values.sn)}\n\n${usage}`);
        return 1;
      }
      const link = devices.bindLink({ ...device, sign: bindSign(secret, device.clientid, device.sn) });
      await writeQr(qrDir, device.sn, link);
      out(link);
      return 0;
    }
    case 'rotate-secret': {
      const sn = typeof values.sn === 'string' ? values.sn : '';
      const fresh = await rotateDeviceSecret(db.kysely, sn, Date.now());
      if (!fresh) {
        out(`no machine with sn ${sn}\n\n${usage}`);
        return 1;
      }
      out(`${sn}  new secret ${fresh}`);
      return 0;
    }
    default:
      out(usage);
      return command ? 2 : 0;
  }
}

/** The bind link as a QR code, the label printed on the machine. */
async function writeQr(dir: string, sn: string, link: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  await QRCode.toFile(path.join(dir, `${sn}.png`), link, {
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 360,
  });
}

function findDevice(db: Db, sn: unknown) {
  if (typeof sn !== 'string') return Promise.resolve(undefined);
  return db.kysely.selectFrom('devices').select(['sn', 'clientid']).where('sn', '=', sn).executeTakeFirst();
}
