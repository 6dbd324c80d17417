import type { Device } from '@vendo/contract/api/devices';
import { RCODE, rcodeText } from '@vendo/contract/rcodes';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import componentTexts from '../../../i18n/resources/components';
import { toast } from '../../../lib/notify';
import { makeUser } from '../../../lib/test-fixtures';
import { answerWith, fetchMock, renderScreen } from '../../../testing/mock-api';
import { InventorySheet } from './inventory-sheet';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const CHANNELS = '/api/v1/c/getDevChannel';

const device = {
  sn: '70001',
  title: 'Lobby 3',
  store_id: 0,
  store: null,
  detail: { stock_notify_threshold: 0 },
} as unknown as Device;

afterEach(() => {
  fetchMock.mockReset();
  vi.mocked(toast).mockClear();
});

describe('the stock sheet', () => {
  it.each(['zh-CN', 'zh-TW', 'en-US'] as const)(
    'says a refused load in the server’s words, once, with a retry (%s)',
    async (lang) => {
      await i18n.changeLanguage(lang);
      const refusal = rcodeText(RCODE.DEVICE_NOT_FOUND)![lang];
      answerWith({ [CHANNELS]: { rcode: RCODE.DEVICE_NOT_FOUND, msg: refusal } });
      renderScreen(
        makeUser(),
        '/deviceManage',
        <InventorySheet visible device={device} onClose={() => {}} />,
      );
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(refusal);
      expect(alert.textContent).toContain(String(RCODE.DEVICE_NOT_FOUND));
      expect(alert.textContent).not.toContain(componentTexts[lang].loadFailed);
      expect(screen.getByRole('button', { name: componentTexts[lang].retry })).toBeTruthy();
      expect(toast).not.toHaveBeenCalled();
    },
  );
});
