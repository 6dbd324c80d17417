import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, logInPage, merchantApi, openPath, stillSnap, visible, type MerchantApi } from './support/app';
import { signUpMerchant } from './support/accounts';
import { launchBrowser, phoneContext } from './support/browser';
import { provisionMachines, vendoCommand, type ProvisionedMachine } from './support/machines';
import { startServer, type RunningServer } from './support/server';
import { texts } from './support/texts';

/*
 * Payout bank cards (issue 15) on a phone in WeChat (sandbox JS-SDK): a new merchant adds a card through the
 * three steps with uploads and the sandbox OCR, the operator approves it with `vendo admin bank-review`, the
 * merchant binds two machines to it and home's banner and alerts go; a share link opened in a fresh browser
 * without a login fills a card that appears in the merchant's list.
 */

const en = texts('en-US');
const bc = en.bankCards;

/**
 * A real PNG (a 64×40 blue card); `printed` goes into a tEXt chunk `vendo-ocr:{...}`, which the sandbox OCR reads
 * the way a real one reads the printed card.
 */
function cardPng(printed?: Record<string, string>): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const [width, height] = [64, 40];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0x1f, 0x5f, 0xc8]))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const text = printed
    ? [chunk('tEXt', Buffer.from(`Comment\0vendo-ocr:${JSON.stringify(printed)}`, 'utf8'))]
    : [];
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...text,
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface CardData {
  holder: string;
  id: string;
  card: string;
}

const OWNER: CardData = { holder: '张三', id: '11010519491231002X', card: '6225880000001234' };
const INVITED: CardData = { holder: '李四', id: '44030519900101123X', card: '6225880000005678' };

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: MerchantApi;
let account: { phone: string; password: string };
let machines: ProvisionedMachine[];

beforeAll(async () => {
  server = await startServer({ MQTT_PORT: '0' });
  // A merchant of its own, with two machines and no bank card: the demo merchant's shop is already set up.
  account = await signUpMerchant(server, '13600003333', 'card-pass-1', 'Card Shop');
  api = await merchantApi(server, account);
  machines = await provisionMachines(server, 'vm', 2);
  for (const [i, m] of machines.entries()) {
    const sign = new URL(m.bindPath, server.url).searchParams.get('sign') ?? '';
    await api('/api/v1/d/bind', { clientid: m.clientid, title: `Machine ${i + 1}`, sign, type: 'vm' });
  }
  browser = await launchBrowser();
  context = await phoneContext(browser, { locale: 'en-US' });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** Picks values on antd-mobile's wheel (one per column, by their text) and confirms. */
async function pickWheel(p: Page, values: string[]): Promise<void> {
  const picker = p.locator('.adm-picker').last();
  await picker.waitFor();
  for (const [column, value] of values.entries()) {
    const item = picker
      .locator('.adm-picker-view-column')
      .nth(column)
      .locator('.adm-picker-view-column-item', { hasText: new RegExp(`^${value}$`) });
    // Items far from the middle are outside the wheel's window: a tap on one scrolls it to the middle.
    await item.dispatchEvent('click');
    await p.waitForTimeout(250);
  }
  await picker.locator('.adm-picker-header-button').last().click();
  await picker.waitFor({ state: 'hidden' });
}

/** Picks a path on antd-mobile's cascader (province, city, district) and confirms. */
async function pickCascade(p: Page, names: string[]): Promise<void> {
  const cascader = p.locator('.adm-cascader').last();
  await cascader.waitFor();
  for (const name of names) {
    await cascader
      .locator('.adm-check-list-item', { hasText: new RegExp(`^${name}$`) })
      .first()
      .click();
    await p.waitForTimeout(200);
  }
  await cascader.locator('.adm-cascader-header-button').last().click();
  await cascader.waitFor({ state: 'hidden' });
}

/** Step 1 as a person fills it, checking the order bank → bank region → branch on the way. */
async function fillForm(p: Page, data: CardData): Promise<void> {
  await p.locator('#bc-holder').fill(data.holder);
  await p.locator('#bc-id-number').fill(data.id);
  await p.locator('#bc-valid-from').click();
  await pickWheel(p, ['2020', '3', '15']);
  await p.locator('#bc-valid-until').click();
  await pickWheel(p, ['2030', '3', '15']);
  // The branch asks for the bank first, then the bank region.
  await p.locator('#bc-branch').click();
  await visible(p.getByText('Please pick the bank first'));
  await p.locator('#bc-bank').click();
  await pickWheel(p, ['China Merchants Bank']);
  await p.locator('#bc-branch').click();
  await visible(p.getByText('Please pick the bank region first'));
  await p.locator('#bc-bank-region').click();
  await pickCascade(p, ['广东省', '深圳市']);
  await p.locator('#bc-branch').click();
  await p.locator('.bc-branch-list button', { hasText: '招商银行' }).first().click();
  await p.locator('#bc-card-number').fill(data.card);
  // Grouped by 4 as typed.
  await expect
    .poll(() => p.locator('#bc-card-number').inputValue())
    .toBe(data.card.replace(/(.{4})(?=.)/g, '$1 '));
  await p.locator('#bc-phone').fill('13800138000');
  await p.locator('#bc-store-region').click();
  await pickCascade(p, ['广西壮族自治区', '南宁市', '兴宁区']);
  await p.locator('#bc-address').fill('民族大道 100 号');
}

const PHOTO_NAMES = [
  'Bank card front',
  'Bank card back',
  'ID card front',
  'ID card back',
  'Holding the ID card',
  'Machine photo',
];

/** Uploads one photo through the sandbox JS-SDK (its chooser is the phone's file input). */
async function uploadPhoto(p: Page, name: string, png: Buffer): Promise<void> {
  const [chooser] = await Promise.all([
    p.waitForEvent('filechooser'),
    p.getByRole('button', { name: new RegExp(`：${name}$`) }).click(),
  ]);
  await chooser.setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
  await visible(p.getByRole('button', { name: `${bc.photos.reupload}：${name}` }));
}

/** Step 2: the tip, six photos, the OCR reading the card and ID fronts, then submit. */
async function uploadPhotos(p: Page, data: CardData, shotPrefix: string): Promise<void> {
  const gotIt = p.getByRole('button', { name: bc.photos.gotIt });
  await gotIt.waitFor();
  if (shotPrefix) await stillSnap(p, `${shotPrefix}-photos-tip`);
  await gotIt.click();
  await gotIt.waitFor({ state: 'hidden' });
  // A card front with nothing printed: the OCR cannot read it, and says so.
  await uploadPhoto(p, 'Bank card front', cardPng());
  await visible(p.getByText(bc.photos.ocrFail));
  await uploadPhoto(p, 'Bank card front', cardPng({ cardNumber: data.card }));
  await uploadPhoto(p, 'ID card front', cardPng({ name: data.holder, idNumber: data.id }));
  await visible(p.locator('.bc-photo[data-field="id_card_z"]').getByText(bc.photos.ocrSandbox));
  await visible(p.locator('.bc-photo[data-field="id_card_z"]').getByText(new RegExp(data.holder)));
  for (const name of PHOTO_NAMES.filter((n) => n !== 'Bank card front' && n !== 'ID card front')) {
    await uploadPhoto(p, name, cardPng());
  }
  if (shotPrefix) await stillSnap(p, `${shotPrefix}-photos-done`);
  await p.getByRole('button', { name: en.bankCards.editor.submit }).click();
  await visible(p.locator('.bc-success-title'));
  await visible(p.getByText(fill(bc.success.review, { days: '1-3' })));
}

const cardItem = (holder: string) => page.locator('li.bc-card', { hasText: holder });

describe('payout bank cards', () => {
  it('home asks for a bank card while there is none', async () => {
    await logInPage(page, server, account);
    await visible(page.getByText(en.home.bank.none));
    await visible(page.getByRole('link', { name: en.home.alerts.addBankCard }));
    await stillSnap(page, 'bank-home-before');
  });

  it(
    'adds a card through the three steps, with uploads and the sandbox OCR',
    { timeout: 120_000 },
    async () => {
      await openPath(page, server, '/bankCard');
      await visible(page.getByText(bc.empty));
      await page.getByRole('button', { name: bc.add, exact: true }).first().click();
      await page.waitForURL(/entry=new/);
      // Every empty field names itself, at the field.
      await page.getByRole('button', { name: bc.editor.next }).click();
      await visible(page.getByText('Holder cannot be empty'));
      await visible(page.getByText('Card number cannot be empty'));
      await visible(page.getByText('Store address cannot be empty'));
      // The form is long: the refusal brings its first field (the holder, far above the button) into view.
      await expect
        .poll(() =>
          page.locator('#bc-holder').evaluate((el) => {
            const box = el.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight;
          }),
        )
        .toBe(true);
      await stillSnap(page, 'bank-form-empty');
      await fillForm(page, OWNER);
      await stillSnap(page, 'bank-form-filled');
      await page.getByRole('button', { name: bc.editor.next }).click();
      await uploadPhotos(page, OWNER, 'bank');
      await stillSnap(page, 'bank-success');
      await page.getByRole('button', { name: bc.success.backToList }).click();
      await visible(cardItem(OWNER.holder));
      await expect.poll(() => cardItem(OWNER.holder).textContent()).toMatch(/Under review|Not reviewed/);
      // The card number is masked in the list.
      expect(await cardItem(OWNER.holder).locator('.bc-card-number').textContent()).toContain('*');
      await stillSnap(page, 'bank-list-reviewing');
    },
  );

  it(
    'the operator approves it; two machines are bound to it; banner and alerts go',
    { timeout: 90_000 },
    async () => {
      const waiting = await vendoCommand(server, 'admin', 'banks');
      const id = /#(\d+)\s/.exec(waiting)?.[1];
      expect(id, waiting).toBeDefined();
      await vendoCommand(server, 'admin', 'bank-review', '--id', id!, '--approve');

      await openPath(page, server, '/bankCard');
      await expect.poll(() => cardItem(OWNER.holder).textContent()).toMatch(/Approved/);
      // The detail, with the photos served to this merchant only; binding starts from there too.
      await cardItem(OWNER.holder).getByRole('button', { name: bc.detail }).click();
      const detail = page.locator('.sheet', { has: page.getByRole('heading', { name: bc.detailTitle }) });
      await visible(detail.getByRole('img', { name: 'Bank card front' }));
      await stillSnap(page, 'bank-detail');
      await detail.getByRole('button', { name: bc.bind }).click();
      const sheet = page.locator('.sheet', { has: page.getByRole('heading', { name: bc.bindSheet.title }) });
      await sheet.waitFor();
      for (const sn of machines.map((m) => m.sn)) {
        await sheet.locator('.adm-checkbox', { hasText: sn }).click();
      }
      await stillSnap(page, 'bank-bind-sheet');
      await sheet.getByRole('button', { name: fill(bc.bindSheet.submit, { count: 2 }) }).click();
      await sheet.waitFor({ state: 'hidden' });
      await expect
        .poll(() => cardItem(OWNER.holder).textContent())
        .toContain(fill(bc.machines, { count: 2 }));

      // A card machines are bound to cannot be deleted: the server says how many.
      await cardItem(OWNER.holder).getByRole('button', { name: bc.delete }).click();
      const question = page.locator('.adm-dialog', { hasText: bc.deleteTitle });
      await question.getByRole('button', { name: en.components.delete }).click();
      const refusal = page.locator('.adm-dialog', { hasText: bc.deleteFailed });
      await visible(refusal.getByText(/2 machines are bound to this card/));
      await stillSnap(page, 'bank-delete-refused');
      await refusal.getByRole('button', { name: en.components.done }).click();
      await refusal.waitFor({ state: 'hidden' });

      await openPath(page, server, '/');
      await visible(page.getByText(en.home.alerts.title));
      await expect.poll(() => page.locator('.bank-banner').count(), { timeout: 10_000 }).toBe(0);
      expect(await page.getByRole('link', { name: en.home.alerts.addBankCard }).count()).toBe(0);
      expect(await page.getByRole('link', { name: /to a card/ }).count()).toBe(0);
      await stillSnap(page, 'bank-home-after');

      // The device list names each machine's payout card and offers the card in its merchant filter.
      await openPath(page, server, '/deviceManage');
      await visible(page.locator('li.dv-card', { hasText: 'Machine 1' }).getByText(new RegExp(OWNER.holder)));
      await page.getByRole('button', { name: en.devices.filter.button }).click();
      await visible(page.locator('.dv-chip', { hasText: OWNER.holder }));
      await stillSnap(page, 'bank-device-filter');
    },
  );

  it(
    'a shared link, opened without a login, fills a card that appears in the list',
    { timeout: 120_000 },
    async () => {
      await openPath(page, server, '/bankCard');
      await page.getByRole('button', { name: bc.share }).click();
      await page.getByRole('button', { name: bc.shareSheet.create }).click();
      const url = (await page.getByTestId('share-url').textContent()) ?? '';
      expect(url).toMatch(/\/shareAddBank\?token=.+&secret=.+/);
      await visible(page.getByRole('img', { name: bc.shareSheet.qrAlt }));
      await stillSnap(page, 'bank-share');

      // A location owner's phone: another browser context, never logged in.
      const stranger = await phoneContext(browser, { locale: 'en-US' });
      try {
        const other = await stranger.newPage();
        const link = new URL(url);
        await openPath(other, server, `${link.pathname}${link.search}`);
        await visible(other.getByText(fill(bc.shareScreen.invitedBy, { name: 'Card Shop' })));
        expect(await other.locator('header').count()).toBe(0);
        await stillSnap(other, 'bank-shared-form');
        await fillForm(other, INVITED);
        await other.getByRole('button', { name: bc.editor.next }).click();
        await uploadPhotos(other, INVITED, 'bank-shared');
        await visible(other.getByText(fill(bc.success.shared, { name: 'Card Shop' })));
        await stillSnap(other, 'bank-shared-success');
      } finally {
        await stranger.close();
      }

      await openPath(page, server, '/bankCard');
      await visible(cardItem(INVITED.holder));
      expect(await cardItem(INVITED.holder).textContent()).toContain(bc.fromShare);
      await stillSnap(page, 'bank-list-shared');
    },
  );
});
