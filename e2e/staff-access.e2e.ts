import { createHash } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adverts from '../packages/web/src/i18n/resources/adverts';
import bills from '../packages/web/src/i18n/resources/bills';
import marketing from '../packages/web/src/i18n/resources/marketing';
import members from '../packages/web/src/i18n/resources/members';
import {
  appShown,
  fill,
  logInPage,
  merchantApi,
  stillSnap as shot,
  visible,
  type MerchantApi,
} from './support/app';
import { launchBrowser, phoneContext } from './support/browser';
import { deliveredSale, demoMachinesOnline } from './support/sales';
import { startServer, type RunningServer } from './support/server';
import { texts } from './support/texts';

/**
 * What a staff member meets, screen by screen, as spec §6 words it: a role of device management with the test
 * entry only, limited to one store, and a role of bills without refund or profit. Each sees only the tiles of the
 * role; a typed address of any other screen says "no permission" in words, never a spinner or a list that fails;
 * the device card offers the test entry, never remote control or unbind, and its settings never take the machine
 * out of the staff member's stores; a bill opens without refund and without its cost. When the main account takes
 * the role's device management away, the staff member's next call turns the open screen into its refusal.
 */

const en = texts('en-US');
const b = bills['en-US'];
const PASSWORD = 'staff1234';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

interface Machine {
  sn: string;
  title: string;
  store: { _id: number; store_name: string } | null;
}

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: MerchantApi;
let own: Machine;
let other: Machine;
let deviceRole: number;
let tester = '';
let cashier = '';

beforeAll(async () => {
  server = await startServer({ MQTT_PORT: '0' });
  await demoMachinesOnline(server);
  api = await merchantApi(server);
  const machines = await api<{ data: Machine[] }>('/api/v1/d/getDev', { pageNum: 1, pageSize: 10 });
  own = machines.data.find((m) => m.store)!;
  other = machines.data.find((m) => m.store && m.store._id !== own.store!._id)!;
  if (!own || !other) throw new Error('the demo machines do not stand in two stores');
  const role = async (name: string, permissions: number[]) =>
    (await api<{ roleid: number }>('/api/v1/a/addRole', { name, note: 'e2e', permissions })).roleid;
  deviceRole = await role('E2E Tester', [1023, 1032]);
  const billRole = await role('E2E Bills', [1021]);
  const staff = async (account: string, roleid: number) =>
    (
      await api<{ login_name: string }>('/api/v1/u/addSubUser', {
        sub_username: account,
        nickname: account,
        roleid,
        all_device: 0,
        store: [own.store!._id],
        password: PASSWORD,
        confirm_password: PASSWORD,
        is_oper_pwd: 1,
        oper_pwd: md5('135790'),
        confirm_oper_pwd: md5('135790'),
      })
    ).login_name;
  tester = await staff('tester1', deviceRole);
  cashier = await staff('cashier1', billRole);
  browser = await launchBrowser();
  context = await phoneContext(browser, { locale: 'en-US' });
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** Opens an address as a person types it, and waits for the app to show its screen. */
async function open(path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await appShown(page);
}

describe('a staff member with device management and the test entry, in one store', () => {
  it('sees the Devices tile only', async () => {
    await logInPage(page, server, { phone: tester, password: PASSWORD });
    const tiles = page.locator('.tiles-card .tile-label');
    await visible(tiles.first());
    expect(await tiles.allTextContents()).toEqual([en.home.tiles.deviceManage]);
    await shot(page, 'staff-access-home');
  });

  it('meets a worded refusal at the address of every other screen, and the server is asked nothing', async () => {
    const refusals: [string, string][] = [
      ['/buyBill', en.common.noAccess],
      ['/region', en.common.noAccess],
      ['/staff', en.staff.mainOnly],
      ['/notification', en.notify.mainOnly],
      ['/deviceBindEnter', en.devices.bind.mainOnly],
      ['/bankCard', en.bankCards.noPermission],
      ['/stock', en.stock.noPermission],
      ['/activityCenter', marketing['en-US'].center.mainOnly],
      ['/member', members['en-US'].mainOnly],
      ['/advertisement', adverts['en-US'].mainOnly],
    ];
    const refused: string[] = [];
    const listen = (response: { url(): string; json(): Promise<unknown> }) => {
      if (!response.url().includes('/api/')) return;
      void response
        .json()
        .then((body) => {
          const rcode = (body as { rcode?: number }).rcode;
          if (rcode !== 0) refused.push(`${response.url()} ${rcode}`);
        })
        .catch(() => undefined);
    };
    page.on('response', listen);
    for (const [path, text] of refusals) {
      await open(path);
      await visible(page.getByText(text, { exact: true }));
      expect(await page.locator('.adm-spin-loading, .adm-skeleton').count(), path).toBe(0);
    }
    await shot(page, 'staff-access-refused');
    page.off('response', listen);
    expect(refused).toEqual([]);
  });

  it("sees the store's machine with the test entry, no remote control and no unbind", async () => {
    await open('/deviceManage');
    const card = page.locator('li.dv-card');
    await visible(card.first());
    await expect.poll(() => card.count()).toBe(1);
    await visible(card.getByText(own.title));
    const actions = card.getByRole('group', { name: fill(en.devices.card.actionsFor, { name: own.title }) });
    await visible(actions.getByRole('button', { name: en.devices.card.test }));
    expect(await card.getByRole('button', { name: en.devices.card.remote }).count()).toBe(0);
    expect(await card.getByRole('button', { name: en.devices.card.unbind }).count()).toBe(0);
    expect(await page.getByText(other.title).count()).toBe(0);
    await shot(page, 'staff-access-devices');
  });

  it("is not offered to take the machine out of the staff member's stores in its settings", async () => {
    await page.locator('li.dv-card').getByRole('button', { name: en.devices.card.settings }).click();
    const store = page.locator('#set-store');
    await visible(store);
    await expect.poll(() => store.locator('option').count()).toBeGreaterThan(0);
    const options = await store.locator('option').allTextContents();
    expect(options).toEqual([own.store!.store_name]);
    expect(options).not.toContain(en.devices.card.noStore);
    await shot(page, 'staff-access-settings');
  });

  it("turns the open screen into its refusal once the main account takes the role's device management away", async () => {
    await open('/deviceManage');
    await visible(page.locator('li.dv-card').first());
    await api('/api/v1/a/editRole', {
      roleid: deviceRole,
      name: 'E2E Tester',
      note: 'e2e',
      permissions: [1020],
    });
    // The next call the screen makes is refused (403): the app reads the role again and says so.
    await page.getByPlaceholder(en.devices.search).fill(own.sn);
    await page.keyboard.press('Enter');
    await visible(page.getByText(en.devices.noPermission, { exact: true }));
    await shot(page, 'staff-access-revoked');
  });
});

describe('a staff member with bills but neither refund nor profit', () => {
  it('opens a sale of the store without refund and without its cost', async () => {
    const sale = await deliveredSale(server, own.sn);
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await logInPage(page, server, { phone: cashier, password: PASSWORD });
    await open('/buyBill');
    await page.getByRole('button', { name: b.filters.more }).click();
    await page.getByLabel(b.filters.orderNo).fill(sale.orderNo);
    await page.getByRole('button', { name: b.filters.apply }).click();
    const card = page.getByRole('button', { name: new RegExp(sale.orderNo) });
    await visible(card);
    await card.click();
    await visible(page.getByRole('heading', { name: b.detail.title }));
    expect(await page.getByRole('button', { name: b.refund.submit }).count()).toBe(0);
    expect(await page.getByText(b.detail.cost, { exact: true }).count()).toBe(0);
    await shot(page, 'staff-access-bill');
  });
});
