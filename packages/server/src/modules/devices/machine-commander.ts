import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PushOutcome } from '@vendo/contract/api/devices';
import type { CommandArgs, CommandName, RefusalCode } from '@vendo/contract/device-protocol';
import type { Locale, LocaleText } from '@vendo/contract/locales';
import { RCODE } from '@vendo/contract/rcodes';
import type { Database } from '../../db/database';
import type { CommandOutcome, DeviceGateway } from '../../gateway/device-gateway';
import { AppError } from '../../platform/app-error';
import { rcodeMessage } from '../../platform/i18n';

/** What sending a command can come to: the gateway's outcomes, or not sent because the machine is offline. */
export type MachineOutcome<N extends CommandName> = CommandOutcome<N> | { status: 'offline' };
export type FailedOutcome = Exclude<MachineOutcome<CommandName>, { status: 'acked' }>;

export interface CommandTarget {
  sn: string;
  merchant_id: number | null;
  alive: number;
}

/**
 * Sends commands to machines for the services and writes each one, with how it ended, to device_commands:
 * the audit trail of who did what to which machine.
 */
export class MachineCommander {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly gateway: DeviceGateway,
    private readonly clock: () => number,
    private readonly timeoutMs: number,
  ) {}

  async run<N extends CommandName>(
    device: CommandTarget,
    name: N,
    args: CommandArgs<N>,
    userId: number | null,
  ): Promise<MachineOutcome<N>> {
    const id = randomUUID();
    const row = {
      id,
      sn: device.sn,
      merchant_id: device.merchant_id,
      user_id: userId,
      name,
      args: JSON.stringify(args),
      created_at: this.clock(),
    };
    // Offline first: the table says so whichever process runs the gateway.
    if (device.alive !== 1 || !this.gateway.running) {
      const status = device.alive !== 1 ? 'offline' : 'link_down';
      await this.db
        .insertInto('device_commands')
        .values({ ...row, status, code: null, result: null, finished_at: row.created_at })
        .execute();
      return { status };
    }
    await this.db
      .insertInto('device_commands')
      .values({ ...row, status: 'sent', code: null, result: null, finished_at: null })
      .execute();
    const outcome = await this.gateway.send(device.sn, name, args, { timeoutMs: this.timeoutMs, id });
    await this.db
      .updateTable('device_commands')
      .set({
        status: outcome.status,
        code: outcome.status === 'refused' ? outcome.code : null,
        result: outcome.status === 'acked' ? JSON.stringify(outcome.result) : null,
        finished_at: this.clock(),
      })
      .where('id', '=', id)
      .execute();
    return outcome;
  }
}

const REFUSALS: Record<RefusalCode, LocaleText> = {
  busy: {
    'zh-CN': '设备忙，请稍后再试',
    'zh-TW': '設備忙，請稍後再試',
    'en-US': 'the machine is busy, try again shortly',
  },
  out_of_stock: { 'zh-CN': '货道缺货', 'zh-TW': '貨道缺貨', 'en-US': 'shelf out of stock' },
  unsupported: {
    'zh-CN': '该设备不支持此操作',
    'zh-TW': '該設備不支援此操作',
    'en-US': 'this machine does not support it',
  },
  invalid: { 'zh-CN': '参数无效', 'zh-TW': '參數無效', 'en-US': 'invalid arguments' },
  expired: { 'zh-CN': '指令已过期', 'zh-TW': '指令已過期', 'en-US': 'the command arrived too late' },
  fault: { 'zh-CN': '设备故障', 'zh-TW': '設備故障', 'en-US': 'machine fault' },
};

function refusalReason(code: RefusalCode, msg: string, locale: Locale): string {
  const text = REFUSALS[code][locale];
  return msg ? `${text} (${msg})` : text;
}

/** Remote control: anything but an acknowledgement is the answer's rcode (spec §7 "rcode and msg shown"). */
export function commandError(outcome: FailedOutcome, locale: Locale): AppError {
  switch (outcome.status) {
    case 'offline':
      return new AppError(RCODE.DEVICE_OFFLINE);
    case 'timeout':
      return new AppError(RCODE.COMMAND_TIMEOUT);
    case 'link_down':
      return new AppError(RCODE.DEVICE_LINK_DOWN);
    case 'refused':
      if (outcome.code === 'out_of_stock') return new AppError(RCODE.SHELF_OUT_OF_STOCK);
      return new AppError(RCODE.COMMAND_REFUSED, {
        reason: refusalReason(outcome.code, outcome.msg, locale),
      });
  }
}

/** Saves: the change is stored either way; this says how pushing it to the machine went. */
export function pushOutcome(outcome: MachineOutcome<CommandName>, locale: Locale): PushOutcome {
  if (outcome.status === 'acked') {
    return { status: 'acked', rcode: RCODE.OK, msg: rcodeMessage(RCODE.OK, locale) };
  }
  const error = commandError(outcome, locale);
  return { status: outcome.status, rcode: error.rcode, msg: rcodeMessage(error.rcode, locale, error.params) };
}
