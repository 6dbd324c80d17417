import type { MarketingRecord } from '@vendo/contract/api/marketing';
import type { Referrer, ReferrerDay } from '@vendo/contract/api/referrers';
import { formatMoney } from '@vendo/contract/money';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import buy from '../packages/web/src/i18n/resources/buy';
import marketing from '../packages/web/src/i18n/resources/marketing';
import referrers from '../packages/web/src/i18n/resources/referrers';
import { logInPage, merchantApi, openPath, stillSnap, type MerchantApi } from './support/app';
import { seriousViolations } from './support/axe';
import { launchBrowser, phoneContext } from './support/browser';
import { demoMachinesOnline } from './support/sales';
import { startServer, type RunningServer } from './support/server';

/*
 * Referrers (issue 17) on a phone in WeChat: the demo merchant adds a referrer on /referrer (10 % commission),
 * opens its link and QR code, a customer opens the referrer's link to a vending machine's purchase page (?ref=)
 * and buys through the sandbox cashier; the sale and its commission show on /referrer (commission per day) and
 * on /record.
 */

const r = referrers['en-US'];
const m = marketing['en-US'];
const b = buy['en-US'];
const money = (cents: number) => formatMoney(cents, 'en-US');
const NAME = 'E2E Referrer';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: MerchantApi;

beforeAll(async () => {
  server = await startServer({ MQTT_PORT: '0' });
  api = await merchantApi(server);
  browser = await launchBrowser();
  context = await phoneContext(browser, { locale: 'en-US' });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('referrers', () => {
  it(
    'adds a referrer, a customer buys through its link, the sale and commission show',
    { timeout: 180_000 },
    async () => {
      await demoMachinesOnline(server);
      const devices = await api<{ data: Array<{ sn: string; type: string }> }>('/api/v1/d/getDev', {
        pageNum: 1,
        pageSize: 10,
      });
      const sn = devices.data.find((d) => d.type === 'vm')!.sn;

      // The merchant adds a referrer.
      await logInPage(page, server);
      await openPath(page, server, '/referrer');
      await page.getByRole('button', { name: r.list.add }).first().click();
      const form = page.locator('form', { has: page.getByRole('heading', { name: r.editor.titleNew }) });
      await form.waitFor();
      await form.getByLabel(/^Referrer name/).fill(NAME);
      await form.getByLabel(/^Referrer number/).fill('E2E-1');
      await form.getByLabel(/^Commission/).fill('10');
      // Out of the field: antd-mobile's clear button (shown while a filled field has the focus) is not for axe.
      await form.getByLabel(/^Commission/).blur();
      await stillSnap(page, 'referrers-editor');
      const found = await seriousViolations(page, 'referrer editor');
      await form.getByRole('button', { name: 'Save' }).click();
      const card = page.getByRole('listitem', { name: NAME });
      await card.waitFor();
      await card.getByText('10%').waitFor();
      const listed = await api<{ data: Referrer[] }>('/api/v1/b/getReferrer', { pageNum: 1, pageSize: 50 });
      const id = listed.data.find((x) => x.referrer_name === NAME)!.referrer_id;

      // Its link and QR code: the purchase page of a machine with ?ref=.
      await card.getByRole('button', { name: r.list.link }).click();
      await page.getByAltText(`Referral QR code of ${NAME}`).waitFor({ timeout: 10_000 });
      const shown = (await page.getByTestId('referrer-url').textContent()) ?? '';
      expect(shown).toMatch(new RegExp(`/buy/\\d+\\?ref=${id}$`));
      await stillSnap(page, 'referrers-link');
      found.push(...(await seriousViolations(page, 'referrer link')));

      // A customer opens the link (to the vending machine) and buys; a failed demo vend is refunded, so buy again.
      const link = `${server.url}/buy/${sn}?ref=${id}`;
      let orderNo = '';
      const outcome = new RegExp(
        [b.stages.delivered, b.stages.failed, b.stages.refunding, b.stages.refunded, b.stages.abnormal]
          .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('|'),
      );
      for (let attempt = 1; !orderNo; attempt++) {
        const customer = await phoneContext(browser, { locale: 'en-US' });
        const buyer = await customer.newPage();
        try {
          await buyer.goto(link);
          const buyButton = buyer.getByRole('button', { name: b.buy, disabled: false }).first();
          await buyButton.waitFor({ timeout: 30_000 });
          await buyButton.click();
          await buyer.waitForURL(/\/sandbox-pay\//);
          await buyer.getByRole('button', { name: 'Pay' }).click();
          await buyer.waitForURL(/\/buy\/\d+\?order=/);
          const stage = buyer.getByText(outcome).first();
          await stage.waitFor({ timeout: 45_000 });
          if ((await stage.textContent())?.includes(b.stages.delivered)) {
            orderNo = new URL(buyer.url()).searchParams.get('order')!;
          } else if (attempt >= 4) {
            throw new Error(`no delivered sale in ${attempt} tries`);
          }
        } finally {
          await customer.close();
        }
      }
      const bills = await api<{ data: Array<{ orderno: string; amount: number }> }>('/api/v1/b/getBuyBill', {
        condition: { order_no: orderNo },
      });
      const paid = bills.data[0]!.amount;
      const commission = Math.floor((paid * 1000) / 10_000);

      // The commission per day on /referrer (a failed demo vend before is a sale too, refunded: its commission is cut).
      const days = await api<{ data: ReferrerDay[] }>('/api/v1/b/getReferrerCommission', {
        condition: { referrer_id: id },
      });
      expect(days.data[0]).toMatchObject({ referrer_id: id, referrer_name: NAME });
      expect(days.data[0]!.paid_amt).toBeGreaterThanOrEqual(paid);
      expect(days.data[0]!.commission_amt).toBeGreaterThanOrEqual(commission);
      await openPath(page, server, '/referrer');
      const perDay = page.getByRole('list', { name: r.commission.label });
      await perDay
        .getByText(new RegExp(`· ${NAME}`))
        .first()
        .waitFor();
      await perDay.getByText(money(days.data[0]!.commission_amt)).first().waitFor();
      await stillSnap(page, 'referrers-commission');
      found.push(...(await seriousViolations(page, '/referrer')));

      // The sale on /record.
      const records = await api<{ data: MarketingRecord[] }>('/api/v1/b/getRecord', {
        condition: { kind: 'referrer_sale' },
      });
      expect(records.data.find((x) => x.orderno === orderNo)).toMatchObject({ name: NAME, commission });
      await openPath(page, server, '/record');
      const list = page.getByRole('list', { name: m.record.label });
      await list.getByText(`Order ${orderNo}`).waitFor();
      await stillSnap(page, 'referrers-record');
      found.push(...(await seriousViolations(page, '/record')));

      // The activity center leads there with the counts.
      await openPath(page, server, '/activityCenter');
      await page.getByRole('link', { name: new RegExp(m.center.referrer) }).waitFor();
      found.push(...(await seriousViolations(page, '/activityCenter')));
      expect(found, found.join('\n\n')).toEqual([]);
    },
  );
});
