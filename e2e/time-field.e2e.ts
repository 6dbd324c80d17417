import { describe, expect, it } from 'vitest';
import { openPath, visible } from './support/app';
import { settle, snap } from './support/browser';
import { loggedInPhone } from './support/phone-suite';
import { texts } from './support/texts';

/**
 * The device settings' power-on and power-off times in Chromium on a zh-TW phone: 24-hour HH:mm on a two-wheel
 * picker (hours 00–23), where the browser's own time input showed 上午/下午 and a 12-hour clock.
 */

const t = texts('zh-TW');

const phone = loggedInPhone({ locale: 'zh-TW' });

describe('times of day on a zh-TW phone', () => {
  it('the device settings show and pick power-on and power-off times as 24-hour HH:mm', async () => {
    const { page, server } = phone;
    await openPath(page, server, '/deviceManage');
    await page.getByRole('button', { name: t.devices.card.settings }).first().click();
    const settings = page.locator('.sheet', {
      has: page.getByRole('heading', { name: t.deviceSheets.settings.title }),
    });
    await visible(settings.getByText(t.deviceSheets.settings.powerOn));
    expect(await settings.locator('input[type="time"]').count()).toBe(0);
    const powerOff = settings.locator('#set-power-off');
    await powerOff.scrollIntoViewIfNeeded();
    await settle(page);
    await snap(page, 'time-field-settings-zh-TW');
    expect(await powerOff.textContent()).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);

    await powerOff.click();
    const picker = page.locator('.adm-picker', {
      has: page.getByText(t.deviceSheets.settings.powerOff, { exact: true }),
    });
    await visible(picker.locator('.adm-picker-view-column').first());
    await settle(page);
    await snap(page, 'time-field-picker-zh-TW');
    const hours = await picker
      .locator('.adm-picker-view-column')
      .first()
      .locator('.adm-picker-view-column-item-label')
      .allTextContents();
    expect(hours).toEqual(Array.from({ length: 24 }, (_, i) => String(i).padStart(2, '0')));
    expect(await picker.textContent()).not.toMatch(/上午|下午|AM|PM/);
  });
});
