import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_UA, launchBrowser, phoneContext, settle, snap } from './support/browser';
import { signUpMerchant } from './support/accounts';
import { appShown, logInPage, merchantApi, openPath } from './support/app';
import { startServer, type RunningServer } from './support/server';
import { texts } from './support/texts';

const en = texts('en-US');

/** i18next's {{name}} placeholders, filled the way the app fills them. */
function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key] ?? ''));
}

/** A real PNG (a 48×48 orange square), so the server's type check and the thumbnails have something to show. */
function orangePng(size = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0xf5, 0x8a, 0x1f]))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** A merchant of its own: the demo merchant's shop is already filled, and these screens start empty. */
let DEMO: { phone: string; password: string };

beforeAll(async () => {
  // Port 0: the embedded MQTT broker takes a free port, so a broker already on 1883 does not matter.
  server = await startServer({ MQTT_PORT: '0' });
  DEMO = await signUpMerchant(server, '13600002222', 'shop-pass-1', 'Nanshan Snacks');
  browser = await launchBrowser();
  // A phone inside WeChat: image upload goes through the messaging app's (sandbox) JS-SDK.
  context = await phoneContext(browser, { locale: 'en-US' });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const sheet = (name: string) => page.getByRole('form', { name });
const card = (text: string) => page.locator('li.card', { hasText: text });

/**
 * A screenshot once the page is still: passing toasts gone and the sheets' and pickers' spring animations (drawn
 * by script, so no CSS event marks their end) finished.
 */
async function shot(name: string): Promise<void> {
  await page.locator('.adm-toast-mask').waitFor({ state: 'detached', timeout: 5000 });
  await settle(page);
  await snap(page, name);
}

/** Confirms the wheel picker titled so, with what it shows (the first option when nothing was picked yet). */
async function confirmPicker(title: string): Promise<void> {
  const picker = page.locator('.adm-picker', { has: page.getByText(title, { exact: true }) });
  await picker.getByRole('button', { name: 'Confirm' }).click();
  await picker.waitFor({ state: 'hidden' });
}

async function visible(locator: ReturnType<Page['getByText']>): Promise<void> {
  await expect.poll(() => locator.isVisible(), { timeout: 10_000 }).toBe(true);
}

describe('a new merchant sets up areas, stores, goods and stock', () => {
  it('logs in and closes the statement', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByPlaceholder(en.auth.usernamePlaceholder).fill(DEMO.phone);
    await page.getByPlaceholder(en.auth.passwordPlaceholder).fill(DEMO.password);
    await page.getByRole('button', { name: en.auth.login, exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    const ok = page.getByRole('button', { name: en.home.statement.ok });
    await ok.click();
    await ok.waitFor({ state: 'hidden' });
  });

  it('creates an area, refusing a bad service phone without losing what was typed', async () => {
    await openPath(page, server, '/region');
    await visible(page.getByText(en.catalog.area.empty));
    await shot('region-empty');

    await page.getByRole('button', { name: en.catalog.area.add }).first().click();
    const form = sheet(en.catalog.area.addTitle);
    await form.locator('#area-name').fill('Nanshan');
    await form.locator('#area-address').fill('1 Keyuan Road');
    await form.locator('#area-tel').fill('12345');
    await form.getByRole('button', { name: en.components.save }).click();
    await visible(form.getByText('Please enter a valid phone: mobile, landline or 400/800 number'));
    expect(await form.locator('#area-name').inputValue()).toBe('Nanshan');
    await shot('region-area-form-error');

    await form.locator('#area-tel').fill('0755-12345678');
    await form.getByRole('button', { name: en.components.save }).click();
    await form.waitFor({ state: 'hidden' });
    await visible(card('Nanshan').getByText('0755-12345678'));
    await shot('region-areas');
  });

  it('creates a store in the area with its province, city and district', async () => {
    await card('Nanshan').getByRole('button', { name: en.catalog.area.viewStores }).click();
    await page.waitForURL(/tab=stores&area=\d+/);
    await visible(page.getByText(en.catalog.store.empty));

    await page.getByRole('button', { name: en.catalog.store.add }).first().click();
    const form = sheet(en.catalog.store.addTitle);
    await form.locator('#store-name').fill('Coastal City');
    // The area the list is filtered to is already chosen.
    await visible(form.getByText('Nanshan'));
    await form.locator('#store-region').click();
    // The tree loads only now that the picker opened.
    const cascader = page.locator('.adm-cascader');
    await cascader.getByText('广东省', { exact: true }).click();
    await cascader.getByText('深圳市', { exact: true }).click();
    await cascader.getByText('南山区', { exact: true }).click();
    await shot('region-store-picker');
    await cascader.getByText('Confirm', { exact: true }).click();
    await visible(form.getByText('广东省 / 深圳市 / 南山区'));
    await form.locator('#store-address').fill('Haide 3rd Road');
    await shot('region-store-form');
    await form.getByRole('button', { name: en.components.save }).click();
    await form.waitFor({ state: 'hidden' });
    await visible(card('Coastal City').getByText('广东省 / 深圳市 / 南山区'));
    await shot('region-stores');
  });

  it('refuses to delete an area that still has a store, saying why', async () => {
    await page.getByRole('tab', { name: en.catalog.area.tab }).click();
    await card('Nanshan').getByRole('button', { name: en.catalog.delete }).click();
    const question = page.locator('.adm-dialog', { hasText: en.catalog.area.deleteTitle });
    await visible(question.getByText(fill(en.catalog.area.deleteText, { name: 'Nanshan' })));
    await question.getByRole('button', { name: en.catalog.delete }).click();
    const refusal = page.locator('.adm-dialog', { hasText: en.catalog.area.deleteFailed });
    await visible(refusal.getByText(/This area still has 1 store/));
    await shot('region-delete-refused');
    await refusal.getByRole('button', { name: 'Done' }).click();
    await refusal.waitFor({ state: 'hidden' });
    await visible(card('Nanshan'));
  });

  it('creates goods with an image uploaded through the WeChat sandbox and two tags, refusing a bad price', async () => {
    await openPath(page, server, '/goodsManage');
    await visible(page.getByText(en.catalog.goods.empty));
    await page.getByRole('button', { name: en.catalog.goods.add }).first().click();
    const form = sheet(en.catalog.goods.addTitle);
    await form.locator('#goods-name').fill('Cola 330ml');
    await form.locator('#goods-price').fill('0.01');
    // A tag with an English comma is refused as it is added, the text kept to correct.
    await form.locator('#goods-tags').fill('drink,cold');
    await form.getByRole('button', { name: en.catalog.goods.addTag }).click();
    await visible(form.getByText('Tags cannot contain an English comma'));
    expect(await form.locator('#goods-tags').inputValue()).toBe('drink,cold');
    await form.locator('#goods-tags').fill('drink');
    await form.getByRole('button', { name: en.catalog.goods.addTag }).click();
    await form.locator('#goods-tags').fill('cold');
    await form.getByRole('button', { name: en.catalog.goods.addTag }).click();
    await form.getByRole('button', { name: en.components.save }).click();
    await visible(form.getByText('Price must be at least 0.02 yuan'));
    expect(await form.locator('#goods-name').inputValue()).toBe('Cola 330ml');
    await shot('goods-form-bad-price');
    await form.locator('#goods-price').fill('3.50');

    await form.locator('#goods-img').click();
    const picker = page.getByRole('region', { name: en.catalog.goods.mainImage });
    await visible(picker.getByText(en.catalog.sandbox, { exact: true }));
    await shot('goods-image-picker');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      picker.getByRole('button', { name: en.catalog.image.fromMessaging }).click(),
    ]);
    await chooser.setFiles({ name: 'cola.png', mimeType: 'image/png', buffer: orangePng() });
    await picker.waitFor({ state: 'hidden' });
    await visible(form.getByRole('img', { name: en.catalog.goods.mainImage }));
    await shot('goods-form');
    await form.getByRole('button', { name: en.components.save }).click();
    await form.waitFor({ state: 'hidden' });

    const cola = card('Cola 330ml');
    await visible(cola.getByText('¥3.50'));
    await visible(cola.getByText('drink', { exact: true }));
    await visible(cola.getByText('cold', { exact: true }));
    expect(await cola.locator('img').getAttribute('src')).toMatch(/\/uploads\//);
    await shot('goods-list');
  });

  it('warns before a rename that sales analysis shows the new name', async () => {
    await card('Cola 330ml').getByRole('button', { name: en.catalog.edit }).click();
    const form = sheet(en.catalog.goods.editTitle);
    expect(await form.locator('#goods-price').inputValue()).toBe('3.50');
    await form.locator('#goods-name').fill('Cola 330ml can');
    await form.getByRole('button', { name: en.components.save }).click();
    const warning = page.locator('.adm-dialog', { hasText: en.catalog.goods.renameTitle });
    await visible(warning.getByText(/Sales analysis will show the new name/));
    await shot('goods-rename-warning');
    await warning.getByRole('button', { name: en.catalog.goods.renameConfirm }).click();
    await form.waitFor({ state: 'hidden' });
    await visible(card('Cola 330ml can').getByText('¥3.50'));
  });

  it('imports goods from a CSV file with one bad row: the row report, nothing imported', async () => {
    await page.getByRole('button', { name: en.catalog.import.open }).click();
    const sheetRegion = page.getByRole('region', { name: en.catalog.import.title });
    await visible(sheetRegion.getByText(en.catalog.import.step1));
    const csv = 'goods_name,price,tags\nOrange juice,4.00,drink\nBad@Name,0.01,drink\n';
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      sheetRegion.getByRole('button', { name: en.catalog.import.choose }).click(),
    ]);
    await chooser.setFiles({ name: 'goods.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await visible(sheetRegion.getByText(fill(en.catalog.import.failed, { bad: 1, rows: 2 })));
    await visible(sheetRegion.getByRole('cell', { name: fill(en.catalog.import.rowN, { row: 3 }) }).first());
    expect(await sheetRegion.getByRole('cell', { name: 'Row 2' }).count()).toBe(0);
    await shot('goods-import-report');
    await sheetRegion.getByRole('button', { name: en.components.close }).click();
    await sheetRegion.waitFor({ state: 'hidden' });
    // Nothing half-imported: the list still holds the one goods item.
    await visible(page.getByText(fill(en.catalog.goods.count, { count: 1 })));
    expect(await card('Orange juice').count()).toBe(0);
  });

  it('adds stock for the goods at the store', async () => {
    await openPath(page, server, '/stock');
    await visible(card('Cola 330ml').getByText(fill(en.stock.totals.inventory, { count: 0 })));
    await shot('stock-totals-empty');
    await page.getByRole('tab', { name: en.stock.tabs.entries }).click();
    await visible(page.getByText(en.stock.entries.empty));
    await page.getByRole('button', { name: en.stock.entries.add }).first().click();
    const form = sheet(en.stock.entries.addTitle);
    await form.locator('#stock-goods').click();
    await confirmPicker(en.stock.goods);
    await visible(form.getByText('Cola 330ml'));
    await form.getByText(en.stock.level.store, { exact: true }).click();
    await form.locator('#stock-store').click();
    await confirmPicker(en.stock.store);
    await visible(form.getByText('Coastal City · Nanshan'));
    await form.locator('#stock-inventory').fill('24');
    await form.locator('#stock-remarks').fill('First delivery');
    await shot('stock-add-form');
    await form.getByRole('button', { name: en.components.save }).click();
    await form.waitFor({ state: 'hidden' });
    const entry = card('Cola 330ml');
    await visible(entry.getByText('24', { exact: true }));
    await visible(entry.getByText('Coastal City · Nanshan'));
    await shot('stock-entries');

    await page.getByRole('tab', { name: en.stock.tabs.log }).click();
    await visible(card('Cola 330ml').getByText('+24'));
    await shot('stock-log');
  });

  it("opens the store's restock bill from its card and downloads it", async () => {
    await openPath(page, server, '/region?tab=stores');
    await card('Coastal City').getByRole('button', { name: en.catalog.store.restockBill }).click();
    await page.waitForURL(/\/stock\?store=\d+&view=bill/);
    const bill = page.getByRole('region', {
      name: fill(en.stock.bill.titleOf, { store: 'Coastal City' }),
    });
    await visible(bill.getByText('Nanshan · Coastal City'));
    // No machine stands in the new store yet, so every shelf there is "full".
    await visible(bill.getByText(en.stock.bill.nothing));
    await shot('stock-restock-bill');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      bill.getByRole('button', { name: en.stock.bill.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await bill.getByRole('button', { name: en.components.close }).click();
    await bill.waitFor({ state: 'hidden' });
    await visible(page.getByText(en.stock.stores.noMachines));
    await shot('stock-store');
  });

  it('shows the same screens in Chinese, simplified and traditional', async () => {
    for (const locale of ['zh-CN', 'zh-TW'] as const) {
      await context.addCookies([{ name: 'lang', value: locale, url: server.url }]);
      const zh = texts(locale);
      await openPath(page, server, '/region?tab=stores');
      await visible(page.getByRole('button', { name: zh.catalog.store.restockBill }));
      await shot(`region-stores-${locale}`);
      await openPath(page, server, '/goodsManage');
      await visible(page.getByRole('button', { name: zh.catalog.goods.add }));
      await shot(`goods-list-${locale}`);
      await openPath(page, server, '/stock');
      await visible(page.getByRole('tab', { name: zh.stock.tabs.totals }));
      await shot(`stock-totals-${locale}`);
    }
    await context.addCookies([{ name: 'lang', value: 'en-US', url: server.url }]);
  });
});

describe('staff limited to one store', () => {
  it('see their areas and stores without add, area edit or delete, cannot move their store, and keep stock at it only', async () => {
    const api = await merchantApi(server, DEMO);
    const stores = await api<{ data: { _id: number; store_name: string }[] }>('/api/v1/u/getStore', {});
    const coastal = stores.data.find((s) => s.store_name === 'Coastal City')!;
    const { roleid } = await api<{ roleid: number }>('/api/v1/a/addRole', {
      name: 'Store keeper',
      note: 'One store',
      permissions: [1022, 1037],
    });
    const { login_name } = await api<{ login_name: string }>('/api/v1/u/addSubUser', {
      sub_username: 'keeper',
      nickname: 'Keeper',
      password: 'keeper-pass-1',
      confirm_password: 'keeper-pass-1',
      roleid,
      all_device: 0,
      store: [coastal._id],
    });
    const staffContext = await phoneContext(browser, { locale: 'en-US' });
    const tab = await staffContext.newPage();
    try {
      await logInPage(tab, server, { phone: login_name, password: 'keeper-pass-1' });
      await tab.goto(`${server.url}/region`);
      await appShown(tab);
      const area = tab.locator('li.card', { hasText: 'Nanshan' });
      await expect.poll(() => area.isVisible(), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => tab.getByText(en.catalog.listedStoresOnly).isVisible()).toBe(true);
      expect(await tab.getByRole('button', { name: en.catalog.area.add }).count()).toBe(0);
      expect(await area.getByRole('button', { name: en.catalog.delete }).count()).toBe(0);
      expect(await area.getByRole('button', { name: en.catalog.edit }).count()).toBe(0);
      await settle(tab);
      await snap(tab, 'region-areas-listed-stores');

      await area.getByRole('button', { name: en.catalog.area.viewStores }).click();
      const store = tab.locator('li.card', { hasText: 'Coastal City' });
      await expect.poll(() => store.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await tab.getByRole('button', { name: en.catalog.store.add }).count()).toBe(0);
      // Deleting a store is merchant-wide structure too: the server refuses it them (720).
      expect(await store.getByRole('button', { name: en.catalog.delete }).count()).toBe(0);
      await store.getByRole('button', { name: en.catalog.edit }).click();
      const form = tab.getByRole('form', { name: en.catalog.store.editTitle });
      await expect.poll(() => form.locator('#store-area').isDisabled(), { timeout: 10_000 }).toBe(true);
      await form.locator('#store-name').fill('Coastal City Mall');
      await form.getByRole('button', { name: en.components.save }).click();
      await form.waitFor({ state: 'hidden' });
      await expect
        .poll(() => tab.locator('li.card', { hasText: 'Coastal City Mall' }).isVisible())
        .toBe(true);

      // Their stock is kept at their store: no warehouse level to choose, in the list or when adding.
      await tab.goto(`${server.url}/stock?tab=entries`);
      await appShown(tab);
      await tab.getByRole('button', { name: en.stock.entries.add }).first().click();
      const add = tab.getByRole('form', { name: en.stock.entries.addTitle });
      await expect.poll(() => add.locator('#stock-store').isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await add.locator('#stock-place').count()).toBe(0);
      expect(await tab.getByText(en.stock.level.total, { exact: true }).count()).toBe(0);
    } finally {
      await staffContext.close();
    }
  });
});

describe('a desktop browser', () => {
  it('asks for the messaging app to upload images, and still uploads through the plain call', async () => {
    const desktop = await phoneContext(browser, { locale: 'en-US', userAgent: DESKTOP_UA });
    const tab = await desktop.newPage();
    try {
      await tab.goto(`${server.url}/login`);
      await tab.getByPlaceholder(en.auth.usernamePlaceholder).fill(DEMO.phone);
      await tab.getByPlaceholder(en.auth.passwordPlaceholder).fill(DEMO.password);
      await tab.getByRole('button', { name: en.auth.login, exact: true }).click();
      await tab.waitForURL(`${server.url}/`);
      await tab.goto(`${server.url}/goodsManage?tab=images`);
      await appShown(tab);
      await expect.poll(() => tab.getByText(en.catalog.image.useMessagingApp).isVisible()).toBe(true);
      expect(await tab.getByRole('button', { name: en.catalog.image.fromMessaging }).count()).toBe(0);
      const [chooser] = await Promise.all([
        tab.waitForEvent('filechooser'),
        tab.getByRole('button', { name: en.catalog.image.fromDevice }).click(),
      ]);
      await chooser.setFiles({ name: 'desk-photo.png', mimeType: 'image/png', buffer: orangePng(32) });
      await expect.poll(() => tab.getByRole('button', { name: 'desk-photo' }).isVisible()).toBe(true);
      await tab.locator('.adm-toast-mask').waitFor({ state: 'detached', timeout: 5000 });
      await snap(tab, 'goods-images-desktop');
    } finally {
      await desktop.close();
    }
  });
});
