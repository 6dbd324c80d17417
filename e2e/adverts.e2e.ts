import { crc32, deflateSync } from 'node:zlib';
import type { Advert } from '@vendo/contract/api/adverts';
import type { SimMachine } from '@vendo/device-sim/machine';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adverts from '../packages/web/src/i18n/resources/adverts';
import { DEMO, logInPage, merchantApi, openPath, stillSnap, visible, type MerchantApi } from './support/app';
import { seriousViolations } from './support/axe';
import { launchBrowser, phoneContext } from './support/browser';
import { provisionMachines, startMachine, type ProvisionedMachine } from './support/machines';
import { startServer, type RunningServer } from './support/server';
import { texts } from './support/texts';

/*
 * Advertisements (issue 18) in WeChat on a phone: the demo merchant makes a text-and-link plan for one store on
 * /advertisement and enables it (after the confirmation); it shows on the purchase page of that store's machine, not
 * on the other store's, and the simulated machine of that store receives it over the device protocol; disabled, it
 * leaves both. The editor and the list are photographed in English and Chinese.
 */

const en = texts('en-US');
const a = adverts['en-US'];
const zh = adverts['zh-CN'];
const NAME = 'E2E Summer';
const TEXT = 'Cold drinks at the E2E Mall';
const LINK = 'https://example.com/e2e-summer';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: MerchantApi;
let machines: ProvisionedMachine[];
const sims: SimMachine[] = [];

/** A plain PNG of one colour with a lighter band: an ad image for the library. */
function bannerPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const band = y > height / 3 && y < (2 * height) / 3;
    for (let x = 0; x < width; x++) {
      rows.set(band ? [255, 214, 102] : [20, 86, 184], y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads an image to the demo merchant's library, as /goodsManage does. */
async function uploadImage(name: string): Promise<void> {
  const login = await server.call<{ token: string; secret: string }>('/p/v1/login', {
    username: DEMO.phone,
    password: DEMO.password,
  });
  const form = new FormData();
  form.append('name', name);
  form.append('file', new Blob([new Uint8Array(bannerPng(300, 150))], { type: 'image/png' }), `${name}.png`);
  const response = await fetch(`${server.url}/api/v1/g/upload`, {
    method: 'POST',
    headers: { token: login.result.token, secret: login.result.secret, lang: 'en-US' },
    body: form,
  });
  const answer = (await response.json()) as { rcode: number; msg: string };
  if (answer.rcode !== 0) throw new Error(`upload: ${answer.msg}`);
}

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  server = await startServer({ MQTT_PORT: '0' });
  api = await merchantApi(server);
  machines = await provisionMachines(server, 'vm', 2);
  for (const machine of machines) sims.push(await startMachine(server, machine));
  const area = await api<{ _id: number }>('/api/v1/u/addArea', { name: 'E2E Ads' });
  for (const [i, machine] of machines.entries()) {
    const link = new URLSearchParams(machine.bindPath.split('?')[1]);
    await api('/api/v1/d/bind', {
      clientid: link.get('clientid'),
      sign: link.get('sign'),
      title: `E2E Ads ${i + 1}`,
      type: 'vm',
    });
    const store = await api<{ _id: number }>('/api/v1/u/addStore', {
      name: i === 0 ? 'E2E Mall' : 'E2E Port',
      area: area._id,
      refund_mode: 'auto',
    });
    await api('/api/v1/d/editDev', { sn: machine.sn, store_id: store._id });
  }
  // Each machine was sent its (empty) ads list on connecting or binding.
  await until('the machines to hold an ads list', () =>
    sims.every((s) => s.state.adsRev > 0) ? true : undefined,
  );
  browser = await launchBrowser();
  context = await phoneContext(browser, { locale: 'en-US' });
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  for (const sim of sims) await sim.stop();
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('an ad plan from /advertisement to a machine and its purchase page', () => {
  const card = () => page.locator('li.advert-card', { has: page.getByRole('heading', { name: NAME }) });
  const adsRegion = (customer: Page) => customer.getByRole('region', { name: 'For you' });

  it('the merchant makes a text-and-link plan for one store', async () => {
    await logInPage(page, server);
    await openPath(page, server, '/advertisement');
    await stillSnap(page, 'adverts-empty-en');
    await page.getByRole('button', { name: a.list.add }).first().click();
    const sheet = page.locator('.sheet', { has: page.getByRole('heading', { name: a.editor.addTitle }) });
    await visible(sheet);
    // Saving the empty form names every missing field at once: name, text and link.
    await sheet.getByRole('button', { name: en.components.save }).click();
    for (const field of ['name', 'text', 'link']) await visible(sheet.locator(`#advert-${field}-error`));
    await sheet.locator('#advert-name').fill(NAME);
    await sheet.locator('#advert-text').fill(TEXT);
    await sheet.locator('#advert-link').fill('example.com');
    await sheet.getByRole('button', { name: en.components.save }).click();
    // The link is refused at its field, before anything is sent; what was typed stays.
    await visible(sheet.locator('#advert-link-error'));
    expect(await sheet.locator('#advert-name').inputValue()).toBe(NAME);
    await sheet.locator('#advert-link').fill(LINK);
    await sheet.getByText('Chosen stores').click();
    await sheet.getByText('E2E Mall').click();
    await stillSnap(page, 'adverts-editor-en');
    expect(await seriousViolations(page, 'advert editor')).toEqual([]);
    await sheet.getByRole('button', { name: en.components.save }).click();
    await sheet.waitFor({ state: 'detached' });
    await visible(card());
    await visible(card().getByText('Disabled'));
    await visible(card().getByText('Chosen stores: E2E Mall'));
    const list = await api<{ data: Advert[] }>('/api/v1/b/getAdvert', { pageNum: 1 });
    expect(list.data[0]).toMatchObject({
      name: NAME,
      type: 1,
      scope: 'stores',
      text: TEXT,
      link: LINK,
      status: 0,
    });
  });

  it('enabled after the confirmation, it reaches the store’s machine and its purchase page only', async () => {
    await card().getByRole('button', { name: a.list.enable }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(a.list.enableTitle));
    await stillSnap(page, 'adverts-enable-confirm-en');
    expect(await seriousViolations(page, 'advert enable dialog')).toEqual([]);
    await dialog.getByRole('button', { name: a.list.enable }).click();
    await visible(card().getByText('Enabled'));
    await stillSnap(page, 'adverts-list-en');
    expect(await seriousViolations(page, '/advertisement')).toEqual([]);

    const [mall, port] = sims as [SimMachine, SimMachine];
    const received = await until('the Mall machine to receive the ad', () =>
      mall.state.ads.length > 0 ? mall.state.ads : undefined,
    );
    expect(received).toEqual([expect.objectContaining({ type: 1, name: NAME, text: TEXT, link: LINK })]);
    expect(port.state.ads).toEqual([]);

    const customer = await context.newPage();
    await customer.goto(`${server.url}/buy/${machines[0]!.sn}`);
    const region = adsRegion(customer);
    await visible(region.getByText(TEXT));
    expect(await region.getByRole('link').getAttribute('href')).toBe(LINK);
    await stillSnap(customer, 'adverts-buy-page-en');
    expect(await seriousViolations(customer, 'purchase page with ads')).toEqual([]);
    // The other store's machine: its ads answer (after its goods) is empty and nothing shows.
    const otherAds = customer.waitForResponse((r) => r.url().endsWith('/p/v1/buy/getAds'));
    await customer.goto(`${server.url}/buy/${machines[1]!.sn}`);
    expect(((await (await otherAds).json()) as { result: { data: unknown[] } }).result.data).toEqual([]);
    await customer.waitForTimeout(300);
    expect(await adsRegion(customer).count()).toBe(0);
    await customer.close();
  });

  it('disabled, it leaves the machine and the purchase page', async () => {
    await card().getByRole('button', { name: a.list.disable }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: a.list.disable }).click();
    await visible(card().getByText('Disabled'));
    await until('the Mall machine to drop the ad', () =>
      sims[0]!.state.ads.length === 0 ? true : undefined,
    );

    const customer = await context.newPage();
    const ads = customer.waitForResponse((r) => r.url().endsWith('/p/v1/buy/getAds'));
    await customer.goto(`${server.url}/buy/${machines[0]!.sn}`);
    expect(((await (await ads).json()) as { result: { data: unknown[] } }).result.data).toEqual([]);
    await customer.waitForTimeout(300);
    expect(await adsRegion(customer).count()).toBe(0);
    await customer.close();
  });

  it('reads in Chinese too', async () => {
    const zhContext = await phoneContext(browser, { locale: 'zh-CN' });
    const zhPage = await zhContext.newPage();
    await logInPage(zhPage, server, DEMO, 'zh-CN');
    await openPath(zhPage, server, '/advertisement');
    await visible(zhPage.locator('li.advert-card', { has: zhPage.getByRole('heading', { name: NAME }) }));
    await visible(zhPage.getByText('文字链接'));
    await stillSnap(zhPage, 'adverts-list-zh');
    await zhPage.getByRole('button', { name: zh.list.add }).first().click();
    const sheet = zhPage.locator('.sheet', {
      has: zhPage.getByRole('heading', { name: zh.editor.addTitle }),
    });
    await visible(sheet);
    await sheet.getByText('图片链接').click();
    await sheet.getByText('指定设备').click();
    await stillSnap(zhPage, 'adverts-editor-zh');
    // The image from the library.
    await uploadImage('E2E banner');
    await sheet.getByRole('button', { name: zh.editor.pickImage }).click();
    const picker = zhPage.locator('.sheet', {
      has: zhPage.getByRole('heading', { name: zh.editor.imagesTitle }),
    });
    await visible(picker.locator('.advert-image-choice').first());
    await stillSnap(zhPage, 'adverts-image-picker-zh');
    await picker.locator('.advert-image-choice').first().click();
    await visible(sheet.getByRole('button', { name: zh.editor.changeImage }));
    await sheet.getByRole('button', { name: zh.editor.changeImage }).scrollIntoViewIfNeeded();
    await stillSnap(zhPage, 'adverts-editor-image-zh');
    await zhContext.close();
  });

  it('an image plan shows its image on the purchase page, linking out', async () => {
    const images = await api<{ data: Array<{ url: string }> }>('/api/v1/g/getImg', { pageNum: 1 });
    const image = images.data[0]!.url;
    const { advert_id } = await api<{ advert_id: number }>('/api/v1/b/addAdvert', {
      name: 'E2E Banner',
      type: 2,
      scope: 'machines',
      sns: [machines[0]!.sn],
      image,
      link: LINK,
    });
    await api('/api/v1/b/setAdvertStatus', { advert_id, status: 1 });
    await until('the Mall machine to receive the image ad', () =>
      sims[0]!.state.ads.some((ad) => ad.id === advert_id && ad.image === image) ? true : undefined,
    );
    const customer = await context.newPage();
    await customer.goto(`${server.url}/buy/${machines[0]!.sn}`);
    const banner = adsRegion(customer).getByRole('img', { name: 'E2E Banner' });
    await visible(banner);
    expect(
      await customer.evaluate(() => document.querySelector<HTMLImageElement>('.buy-ad-image')?.naturalWidth),
    ).toBe(300);
    expect(await adsRegion(customer).getByRole('link').getAttribute('href')).toBe(LINK);
    await stillSnap(customer, 'adverts-buy-image-en');
    await customer.close();
  });
});
