import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type MachineEvent } from '@vendo/contract/device-protocol';
import type { BrokerLink } from './broker-link';
import { DeviceGateway } from './device-gateway';
import type { EventToRecord, MachineStateStore, RecordResult } from './machine-ports';

const PREFIX = 'gc';
const quiet = { info() {}, warn() {}, error() {}, debug() {} };
const state: MachineStateStore = {
  presence: async () => 'ignored',
  reports: async () => undefined,
  markAllOffline: async () => 0,
  silent: async () => [],
  heard: async () => undefined,
  silentOffline: async () => false,
};
const turn = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A gateway on a fake link, with a store whose transactions finish (or fail) when the test says. */
async function setup(
  limits: { maxEventsInFlight: number; maxEventsPerCommit: number },
  batchesAhead?: number,
) {
  const acks: string[] = [];
  let deliver: ((topic: string, payload: Buffer) => Promise<void> | undefined) | null = null;
  const link: BrokerLink = {
    kind: 'external',
    connected: true,
    async subscribe(filters, _shared, onMessage) {
      if (filters.some((f) => f.endsWith('/event'))) deliver = onMessage;
    },
    async publish(_topic, payload) {
      acks.push((JSON.parse(payload) as { id: string }).id);
    },
    async close() {},
  };
  const batches: string[][] = [];
  const finish: Array<(fail?: Error) => void> = [];
  const gateway = new DeviceGateway({
    prefix: PREFIX,
    state,
    log: quiet,
    clock: Date.now,
    ...limits,
    events: {
      ...(batchesAhead === undefined ? {} : { batchesAhead }),
      recordBatch(batch: readonly EventToRecord[]): Promise<RecordResult[]> {
        batches.push(batch.map((b) => b.event.id));
        return new Promise((resolve, reject) =>
          finish.push((fail) => (fail ? reject(fail) : resolve(batch.map(() => ({ outcome: 'stored' }))))),
        );
      },
    },
  });
  await gateway.start(link);
  const send = (i: number) => {
    const event: MachineEvent = {
      v: PROTOCOL_VERSION,
      id: `e${i}`,
      at: Date.now(),
      type: 'cash_sale',
      data: { payment: 'coin', amount: 100, items: [{ slot: 1, quantity: 1, delivered: 1, fault: 0 }] },
    };
    return deliver!(`${PREFIX}/d/8600000${i}/event`, Buffer.from(JSON.stringify(event)));
  };
  return { gateway, acks, batches, finish, send };
}

describe('group commit in the gateway', () => {
  it('acknowledges events only after their batch commits, and none of a batch whose commit failed', async () => {
    const { gateway, acks, batches, finish, send } = await setup({
      maxEventsInFlight: 100,
      maxEventsPerCommit: 2,
    });
    for (let i = 1; i <= 3; i++) expect(send(i)).toBeUndefined();
    await turn();
    expect(batches).toEqual([['e1', 'e2']]);
    expect(acks).toEqual([]);
    finish.shift()!(new Error('disk full'));
    await turn();
    expect(acks).toEqual([]);
    expect(gateway.stats.commitsFailed).toBe(1);
    expect(batches).toEqual([['e1', 'e2'], ['e3']]);
    finish.shift()!();
    await turn();
    expect(acks).toEqual(['e3']);
    expect(gateway.stats.eventsStored).toBe(1);
    await gateway.stop();
  });

  it('holds deliveries back beyond maxEventsInFlight until a commit makes room', async () => {
    const { gateway, acks, finish, send } = await setup({ maxEventsInFlight: 3, maxEventsPerCommit: 2 });
    const answers = [1, 2, 3, 4, 5].map(send);
    expect(answers.slice(0, 2)).toEqual([undefined, undefined]);
    const held = answers.slice(2);
    let released = 0;
    for (const h of held) void h?.then(() => released++);
    expect(held.every((h) => h instanceof Promise)).toBe(true);
    expect(gateway.stats.backpressured).toBe(3);
    await turn();
    expect(released).toBe(0);
    // The first batch commits: 3 events still wait, the bound is still reached, nothing is released.
    finish.shift()!();
    await turn();
    expect(acks).toEqual(['e1', 'e2']);
    expect(released).toBe(0);
    expect(gateway.eventsInFlight).toBe(3);
    finish.shift()!();
    await turn();
    expect(acks).toEqual(['e1', 'e2', 'e3', 'e4']);
    expect(released).toBe(3);
    finish.shift()!();
    await turn();
    expect(acks).toEqual(['e1', 'e2', 'e3', 'e4', 'e5']);
    expect(gateway.eventsInFlight).toBe(0);
    await gateway.stop();
  });

  it('hands a store that takes batches ahead the next batch while one commits, and acknowledges each after its own commit', async () => {
    const { gateway, acks, batches, finish, send } = await setup(
      { maxEventsInFlight: 100, maxEventsPerCommit: 2 },
      1,
    );
    for (let i = 1; i <= 5; i++) send(i);
    await turn();
    // Two batches handed over, the first not committed yet; the fifth event waits for a place.
    expect(batches).toEqual([
      ['e1', 'e2'],
      ['e3', 'e4'],
    ]);
    expect(gateway.eventsInFlight).toBe(5);
    finish.shift()!();
    await turn();
    expect(acks).toEqual(['e1', 'e2']);
    expect(batches).toEqual([['e1', 'e2'], ['e3', 'e4'], ['e5']]);
    // A batch behind one that failed still commits on its own: only the failed batch's events go unanswered.
    finish.shift()!(new Error('disk full'));
    finish.shift()!();
    await turn();
    expect(acks).toEqual(['e1', 'e2', 'e5']);
    expect(gateway.stats.commitsFailed).toBe(1);
    expect(gateway.eventsInFlight).toBe(0);
    await gateway.stop();
  });

  it('hands a store without batchesAhead one batch at a time', async () => {
    const { gateway, batches, finish, send } = await setup({ maxEventsInFlight: 100, maxEventsPerCommit: 2 });
    for (let i = 1; i <= 4; i++) send(i);
    await turn();
    expect(batches).toEqual([['e1', 'e2']]);
    finish.shift()!();
    await turn();
    expect(batches).toEqual([
      ['e1', 'e2'],
      ['e3', 'e4'],
    ]);
    finish.shift()!();
    await gateway.stop();
  });
});
