import type { SimMachine } from '@vendo/device-sim/machine';
import { validationMessages } from '@vendo/contract/validation-messages';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantApi, openPath } from './support/app';
import { launchBrowser, phoneContext, settle, snap } from './support/browser';
import { provisionMachines, setAppExtend, startMachine, type ProvisionedMachine } from './support/machines';
import { startServer, type RunningServer } from './support/server';
import { texts } from './support/texts';

const en = texts('en-US');
const DEMO = { phone: '13800138000', password: 'demo123456', operPassword: '123456' };
const NAME = 'E2E Vending';

/** i18next's {{name}} placeholders, filled the way the app fills them. */
function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key] ?? ''));
}

let server: RunningServer;
let machine: ProvisionedMachine;
let sim: SimMachine;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // Port 0: the embedded MQTT broker takes a free port, so a broker already on 1883 does not matter.
  server = await startServer({ MQTT_PORT: '0' });
  [machine] = (await provisionMachines(server, 'vm')) as [ProvisionedMachine];
  // The Account app turns the remote-control debug console on (spec §6).
  await setAppExtend(server, DEMO.phone, 'Account', 'console_enable=1');
  // A strong signal (rssi 25: three bars) and quick hands, so the acknowledgements come at once.
  sim = await startMachine(server, machine, { type: 'vm', rssi: 25, commandDelayMs: 100 });
  browser = await launchBrowser();
  context = await phoneContext(browser, { locale: 'en-US' });
  page = await context.newPage();
});

afterAll(async () => {
  await sim?.stop();
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** A screenshot once the page is still: toasts gone and the sheets' slides finished. */
async function shot(name: string): Promise<void> {
  await page.locator('.adm-toast-mask').waitFor({ state: 'detached', timeout: 6000 });
  await settle(page);
  await snap(page, name);
}

async function visible(locator: ReturnType<Page['getByText']>, timeout = 10_000): Promise<void> {
  await expect.poll(() => locator.isVisible(), { timeout }).toBe(true);
}

const card = () => page.locator('li.dv-card', { hasText: NAME });
const sheet = (title: string) => page.locator('.sheet', { has: page.getByRole('heading', { name: title }) });

async function typeOperPassword(digits: string): Promise<void> {
  for (const digit of digits) {
    await page.getByRole('button', { name: digit, exact: true }).click();
  }
}

describe('the demo merchant binds a simulated machine and runs it', () => {
  it('logs in as the demo merchant', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByPlaceholder(en.auth.usernamePlaceholder).fill(DEMO.phone);
    await page.getByPlaceholder(en.auth.passwordPlaceholder).fill(DEMO.password);
    await page.getByRole('button', { name: en.auth.login, exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    const ok = page.getByRole('button', { name: en.home.statement.ok });
    await ok.click();
    await ok.waitFor({ state: 'hidden' });
  });

  it('home counts the machines online and offline', async () => {
    // The demo runs machines of its own (which now and then drop off); the new one is not bound yet.
    const online = new RegExp(`^${fill(en.home.alerts.online, { count: 999 }).replace('999', '\\d+')}$`);
    await visible(page.getByRole('link', { name: online }));
    await shot('devices-home-counts');
    // Each count opens the device list filtered so (the alive query parameter, spec §2).
    await page.getByRole('link', { name: online }).click();
    await page.waitForURL(`${server.url}/deviceManage?alive=true`);
    await visible(page.getByRole('button', { name: fill(en.devices.filter.buttonCount, { count: 1 }) }));
  });

  it('reads a bind code scanned in WeChat (the sandbox scanner) and goes on to /bind', async () => {
    await openPath(page, server, '/deviceBindEnter');
    await visible(page.getByText(en.devices.enter.intro));
    await visible(page.getByText(en.devices.enter.sandboxNote));
    await shot('devices-bind-enter');
    const scan = page.locator('.adm-dialog', { hasText: en.components.scanSandboxText });
    const scanText = scan.getByRole('textbox', { name: en.components.scanPlaceholder });
    await page.getByRole('button', { name: en.devices.enter.scan }).click();
    await visible(scan.getByText(en.components.sandbox, { exact: true }));
    await scanText.fill('https://example.com/somewhere?else=1');
    await shot('devices-scan-sandbox');
    await scan.getByRole('button', { name: en.components.confirm }).click();
    await visible(page.getByText(en.devices.enter.invalid));
    await shot('devices-bind-enter-invalid');
    await page.getByRole('button', { name: en.devices.enter.scan }).click();
    await scanText.fill(`http://localhost${machine.bindPath}`);
    await scan.getByRole('button', { name: en.components.confirm }).click();
    await page.waitForURL(`${server.url}/bind`);
  });

  it('sends /bind without a link or stored bind info to /bindError', async () => {
    await page.evaluate(() => sessionStorage.clear());
    await openPath(page, server, '/bind');
    await page.waitForURL(`${server.url}/bindError`);
    await visible(page.getByText(en.devices.bindError.text));
    await shot('devices-bind-error');
  });

  it('opens the bind link, keeps its fields and lands on a clean /bind', async () => {
    await openPath(page, server, machine.bindPath);
    await page.waitForURL(`${server.url}/bind`);
    const form = page.getByRole('form', { name: en.devices.bind.title });
    await visible(form.getByText(machine.sn));
    // No back button on /bind (spec §2).
    expect(await page.getByRole('button', { name: en.common.actions.back }).count()).toBe(0);
    await form.getByRole('button', { name: en.devices.bind.submit }).click();
    await visible(form.getByText(validationMessages.bindFieldsEmpty['en-US']));
    await shot('devices-bind-empty');
  });

  it('binds the machine with a name and a type', async () => {
    const form = page.getByRole('form', { name: en.devices.bind.title });
    await form.locator('#bind-title').fill(NAME);
    await form.getByRole('radio', { name: 'Vending machine' }).click();
    await shot('devices-bind-form');
    await form.getByRole('button', { name: en.devices.bind.submit }).click();
    await page.waitForURL(`${server.url}/deviceManage`);
    await visible(page.getByText(en.devices.bind.success));
  });

  it('refuses a serial-number search that is not numeric, then finds the machine online with 3 bars', async () => {
    const search = page.getByPlaceholder(en.devices.search);
    await search.fill('86abc');
    await search.press('Enter');
    await visible(page.getByText(validationMessages.snNumeric['en-US']));
    expect(page.url()).toBe(`${server.url}/deviceManage`);
    // A toast wraps between words, not inside one ("m / arked" at 375 px).
    expect(await page.locator('.adm-toast-main').evaluate((el) => getComputedStyle(el).wordBreak)).toBe(
      'normal',
    );

    await search.fill(machine.sn);
    await search.press('Enter');
    await page.waitForURL(new RegExp(`sn=${machine.sn}`));
    await visible(card());
    await visible(card().getByText('Online', { exact: true }));
    await visible(card().getByRole('img', { name: fill(en.devices.signal.bars, { count: 3 }) }));
    await visible(card().getByText('Vending machine'));
    // The actions' icons line up though some labels take two lines ("Payout card" at 375 px).
    const tops = await card()
      .locator('.card-action-icon')
      .evaluateAll((icons) => icons.map((icon) => Math.round(icon.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThan(3);
    expect(new Set(tops).size).toBe(1);
    await shot('devices-list');
  });

  it('shows the info dialog with the IMEI, versions and signal the machine reported', async () => {
    await card()
      .getByRole('button', { name: fill(en.devices.card.infoFor, { name: NAME }) })
      .click();
    const dialog = page.locator('.adm-dialog', { hasText: en.devices.info.imei });
    await visible(dialog.getByText('2.4.1'));
    await visible(dialog.getByText('25 · Strong'));
    expect(await dialog.getByText(/^\d{15}$/).count()).toBe(1);
    await shot('devices-info');
    await dialog.getByRole('button', { name: en.components.done }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('runs a test dispense through the operation-password keypad', async () => {
    await card().getByRole('button', { name: en.devices.card.remote }).click();
    await visible(page.getByText(en.components.enterOperPwd));
    await shot('devices-keypad');
    await typeOperPassword(DEMO.operPassword);
    const remote = sheet(en.deviceSheets.remote.title);
    await visible(remote.getByText(en.deviceSheets.remote.testHint));
    await shot('devices-remote');
    await remote.getByRole('button', { name: en.deviceSheets.remote.runTest }).click();
    await visible(remote.getByText(fill(en.deviceSheets.remote.testOk, { n: 1 })));
    await visible(remote.getByText(`${en.deviceSheets.remote.ok} (0)`));
    expect(sim.commands.some((c) => c.name === 'test_out')).toBe(true);
    // The debug console shows the call, its sign masked, and the answer.
    const console = remote.locator('.dv-console');
    await visible(console.getByText(en.deviceSheets.console.title));
    await visible(console.getByText(/\/d\/testOut/));
    await visible(console.getByText(/rcode 0/));
    expect(await console.textContent()).not.toMatch(/"sign":"[0-9a-f]{16,}/);
    await remote.getByRole('button', { name: en.deviceSheets.remote.runTest }).scrollIntoViewIfNeeded();
    await shot('devices-remote-tested');

    // A dispense from an empty shelf: refused at the quantity, naming it, before any confirmation or command (the
    // server's 'Shelf out of stock (505)' came only after the confirmation).
    await remote.getByRole('button', { name: en.deviceSheets.remote.dispense }).click();
    await visible(remote.getByText(validationMessages.dispenseOverStock['en-US'].replace('{stock}', '0')));
    expect(await page.locator('.adm-dialog', { hasText: en.deviceSheets.remote.dispense }).count()).toBe(0);
    expect(sim.commands.some((c) => c.name === 'vend')).toBe(false);
    await console.scrollIntoViewIfNeeded();
    await shot('devices-remote-console');
    await remote.getByRole('button', { name: en.components.close }).click();
    await remote.waitFor({ state: 'detached' });
  });

  it('changes a setting and sees the machine acknowledge it', async () => {
    await card().getByRole('button', { name: en.devices.card.settings }).click();
    const settings = sheet(en.deviceSheets.settings.title);
    await visible(settings.getByText(en.deviceSheets.settings.basic));
    await shot('devices-settings');
    // A wrong price far above the field edited last: saving brings the price back into view.
    await settings.locator('#set-price').fill('0.01');
    await settings.locator('#set-cool-down').fill('abc');
    await settings.getByRole('button', { name: en.components.save }).click();
    await visible(settings.getByText(validationMessages.numberInvalid['en-US']));
    await expect.poll(() => settings.locator('#set-price').isVisible()).toBe(true);
    await expect
      .poll(() =>
        settings.locator('#set-price').evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    await settings.locator('#set-price').fill('0.02');
    await settings.locator('#set-cool-down').fill('5');
    await settings.getByRole('button', { name: en.components.save }).click();
    await visible(
      settings.getByText(fill(en.deviceSheets.push.acked, { what: en.deviceSheets.push.what.settings })),
    );
    await expect.poll(() => sim.state.settings?.cool_down).toBe(5);
    await shot('devices-settings-acked');
    await settings.getByRole('button', { name: en.components.close }).click();
    await settings.waitFor({ state: 'detached' });
  });

  it('edits a shelf, refusing a quantity above the capacity', async () => {
    await card().getByRole('button', { name: en.devices.card.shelves }).click();
    const shelves = sheet(en.deviceSheets.shelves.title);
    await visible(shelves.getByText(fill(en.deviceSheets.shelves.summary, { count: 25 })));
    await shot('devices-shelves');
    await shelves
      .getByRole('button', { name: fill(en.deviceSheets.shelves.editN, { n: 1 }), exact: true })
      .click();
    const form = sheet(fill(en.deviceSheets.shelfForm.title, { n: 1 }));
    await form.locator('#shelf-goods').click();
    const picker = sheet(en.deviceSheets.shelfForm.pickGoods);
    await picker.locator('.dv-pick').nth(1).click();
    await form.locator('#shelf-name').fill('Cola shelf');
    await form.locator('#shelf-price').fill('3.50');
    await form.locator('#shelf-game-price').fill('1.00');
    await form.locator('#shelf-capacity').fill('10');
    await form.locator('#shelf-quantity').fill('12');
    await form.locator('#shelf-probability').fill('20');
    await form.getByRole('button', { name: en.components.save }).click();
    await visible(form.getByText(validationMessages.quantityOverCapacity['en-US']));
    await shot('devices-shelf-form-error');
    await form.locator('#shelf-quantity').fill('8');
    await form.getByRole('button', { name: en.components.save }).click();
    await visible(
      shelves.getByText(fill(en.deviceSheets.push.acked, { what: en.deviceSheets.push.what.shelves })),
    );
    await visible(shelves.getByText('Cola shelf'));
    await visible(shelves.getByText('8/10').first());
    await expect.poll(() => sim.state.shelves.get(1)?.quantity).toBe(8);
    await shot('devices-shelves-saved');
    await shelves.getByRole('button', { name: en.deviceSheets.shelves.numbering }).click();
    const numbering = sheet(en.deviceSheets.numbering.title);
    await visible(numbering.getByText(en.deviceSheets.numbering.intro));
    await shot('devices-numbering');
    await numbering.getByRole('button', { name: en.deviceSheets.shelves.title }).click();
    await shelves.getByRole('button', { name: en.components.close }).click();
    await shelves.waitFor({ state: 'detached' });
  });

  it('unbinds through three confirmations, a cancel starting them again', async () => {
    const question = (step: number) =>
      page.locator('.adm-dialog', { hasText: fill(en.devices.unbind.title, { step, total: 3 }) });
    await card().getByRole('button', { name: en.devices.card.unbind }).click();
    // The operator session of the test dispense is still valid: no keypad this time.
    await visible(question(1).getByText(fill(en.devices.unbind.step1, { name: NAME })));
    await question(1).getByRole('button', { name: en.devices.unbind.continue }).click();
    await visible(question(2).getByText(en.devices.unbind.step2));
    await question(2).getByRole('button', { name: en.devices.cancel }).click();
    await question(2).waitFor({ state: 'hidden' });
    await page.waitForTimeout(1100);

    await card().getByRole('button', { name: en.devices.card.unbind }).click();
    // Back at the first question, not where the cancel left off.
    await visible(question(1).getByText(fill(en.devices.unbind.step1, { name: NAME })));
    await shot('devices-unbind-1');
    await question(1).getByRole('button', { name: en.devices.unbind.continue }).click();
    await visible(question(2).getByText(en.devices.unbind.step2));
    await question(2).getByRole('button', { name: en.devices.unbind.continue }).click();
    await visible(question(3).getByText(fill(en.devices.unbind.step3, { sn: machine.sn })));
    await shot('devices-unbind-3');
    await question(3).getByRole('button', { name: en.devices.unbind.confirmLast }).click();
    await visible(page.getByText(en.devices.unbind.done));
    await visible(page.getByText(en.devices.empty.noMatch));
    await expect.poll(() => sim.state.bound).toBe(false);
    await shot('devices-unbound');
  });

  it("lists every machine, with the area/store selector, the filter panel and a machine's stock", async () => {
    // The demo binds its machines to its payout card; cleared here, they are the machines without one.
    const api = await merchantApi(server);
    const demo = await api<{ data: Array<{ sn: string }> }>('/api/v1/d/getDev', { pageNum: 1, pageSize: 50 });
    await api('/api/v1/k/unbindDevices', { sns: demo.data.map((d) => d.sn) });
    await page.getByRole('button', { name: en.devices.empty.clear }).click();
    await page.waitForURL(`${server.url}/deviceManage`);
    await visible(page.locator('li.dv-card').first());
    await shot('devices-all');

    await page.getByRole('button', { name: new RegExp(`^${en.devices.place.title}`) }).click();
    const tree = sheet(en.devices.place.title);
    await tree.locator('.dv-tree-areas .dv-tree-item').nth(1).click();
    await visible(tree.locator('.dv-tree-stores .dv-tree-item').first());
    await shot('devices-area-store');
    await tree.locator('.dv-tree-stores .dv-tree-item').first().click();
    await page.waitForURL(/areaId=\d+/);
    await tree.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: en.devices.filter.button }).click();
    const filters = sheet(en.devices.filter.title);
    // Online, then back to all: the demo's own machines now and then drop off, and the warning needs one listed.
    await filters.getByRole('button', { name: en.devices.filter.online, exact: true }).click();
    await filters.getByRole('button', { name: en.devices.filter.merchantNotSet, exact: true }).click();
    // The demo's approved payout card is a merchant option (its last digits in the chip).
    await visible(filters.getByRole('button', { name: /3445/ }).first());
    await shot('devices-filter');
    await filters.getByRole('button', { name: en.devices.filter.all, exact: true }).first().click();
    await filters.getByRole('button', { name: en.devices.filter.apply }).click();
    await page.waitForURL(/merchantId=0/);
    expect(page.url()).not.toMatch(/alive=/);

    // Machines without a payout merchant: the tip, and a warning that can be closed after 5 seconds.
    const warning = page.locator('.adm-dialog', { hasText: en.devices.unbound.title });
    await visible(warning.getByText(en.devices.unbound.text));
    await visible(warning.getByRole('button', { name: fill(en.devices.unbound.wait, { seconds: 5 }) }));
    await shot('devices-unbound-warning');
    await warning.getByRole('button', { name: en.devices.unbound.ok }).click({ timeout: 8000 });
    await warning.getByText(en.devices.unbound.text).waitFor({ state: 'hidden' });

    await page.locator('li.dv-card').first().getByRole('button', { name: en.devices.card.inventory }).click();
    const stock = sheet(en.deviceSheets.inventory.title);
    await visible(stock.getByText(en.deviceSheets.inventory.units));
    await shot('devices-inventory');
    await stock.getByRole('button', { name: en.components.close }).click();
    await stock.waitFor({ state: 'detached' });

    // The payout card choices sit inside the sheet's margins at 375 px, lined up with its text.
    await page.locator('li.dv-card').first().getByRole('button', { name: en.devices.card.payout }).click();
    const payout = sheet(en.deviceSheets.payout.title);
    const choices = payout.locator('.dv-payout-list .dv-chip');
    await visible(choices.last());
    await visible(payout.getByRole('button', { name: /3445/ }));
    const width = page.viewportSize()?.width ?? 375;
    for (const box of await choices.evaluateAll((chips) =>
      chips.map((c) => c.getBoundingClientRect().toJSON()),
    )) {
      const { left, right } = box as { left: number; right: number };
      expect(left).toBeGreaterThanOrEqual(12);
      expect(right).toBeLessThanOrEqual(width - 12);
    }
    await shot('devices-payout');
    await payout.getByRole('button', { name: en.components.close }).click();
    await payout.waitFor({ state: 'detached' });
  });

  it('keeps every card action on one line at 375 px, in each language', async () => {
    for (const locale of ['zh-CN', 'zh-TW', 'en-US'] as const) {
      await context.addCookies([{ name: 'lang', value: locale, url: server.url }]);
      await openPath(page, server, '/deviceManage');
      await visible(page.getByRole('button', { name: texts(locale).devices.card.shelves }).first());
      // "远程控制" and "Payout card" wrapped onto two lines when seven actions shared the width equally.
      const rows = await page.locator('li.dv-card .card-actions').evaluateAll((groups) =>
        groups.map((group) =>
          [...group.querySelectorAll('.card-action')].map((action) => {
            const label = action.lastElementChild as HTMLElement;
            return {
              text: label.textContent ?? '',
              lines: Math.round(
                label.getBoundingClientRect().height / parseFloat(getComputedStyle(label).lineHeight),
              ),
              top: Math.round(action.getBoundingClientRect().top),
            };
          }),
        ),
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const actions of rows) {
        expect(actions.length).toBeGreaterThanOrEqual(5);
        for (const action of actions) expect(action.lines, `${locale} ${action.text}`).toBe(1);
        // One row of actions.
        expect(new Set(actions.map((a) => a.top)).size, locale).toBe(1);
      }
      await shot(`devices-actions-${locale}`);
    }
    await context.addCookies([{ name: 'lang', value: 'en-US', url: server.url }]);
  });

  it('speaks Chinese', async () => {
    await context.addCookies([{ name: 'lang', value: 'zh-CN', url: server.url }]);
    await openPath(page, server, '/deviceManage');
    await visible(page.getByText(texts('zh-CN').devices.card.shelves).first());
    await shot('devices-zh-CN');
  });
});
