import type { Device } from '@vendo/contract/api/devices';
import { RCODE, rcodeText } from '@vendo/contract/rcodes';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import componentTexts from '../../../i18n/resources/components';
import { toast } from '../../../lib/notify';
import { makeUser } from '../../../lib/test-fixtures';
import { answerWith, fetchMock, renderScreen } from '../../../testing/mock-api';
import { InventorySheet } from './inventory-sheet';
import { RemoteSheet } from './remote-sheet';
import { ShelvesSheet } from './shelves-sheet';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const CHANNELS = '/api/v1/c/getDevChannel';

const device = {
  sn: '70001',
  title: 'Lobby 3',
  store_id: 0,
  store: null,
  alive: 1,
  type: '1',
  detail: { stock_notify_threshold: 0, lamp_color: '#FF0000', lamp_brightness: 5 },
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

describe('the shelves and the remote control', () => {
  it.each(['zh-CN', 'zh-TW', 'en-US'] as const)(
    'the remote control says a refused load of the shelves in its sheet, once, with a retry (%s)',
    async (lang) => {
      await i18n.changeLanguage(lang);
      const refusal = rcodeText(RCODE.DEVICE_NOT_FOUND)![lang];
      answerWith({ [CHANNELS]: { rcode: RCODE.DEVICE_NOT_FOUND, msg: refusal } });
      renderScreen(
        makeUser(),
        '/deviceManage',
        <RemoteSheet
          visible
          device={device}
          sign={undefined}
          mode="remote"
          onClose={() => {}}
          onSignExpired={() => {}}
        />,
      );
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(refusal);
      expect(alert.textContent).toContain(String(RCODE.DEVICE_NOT_FOUND));
      expect(screen.getByRole('button', { name: componentTexts[lang].retry })).toBeTruthy();
      expect(toast).not.toHaveBeenCalled();
    },
  );

  it('the shelves and the remote control share one query: a refusal is said in each list, never as a toast', async () => {
    await i18n.changeLanguage('en-US');
    answerWith({ [CHANNELS]: { rcode: RCODE.FORBIDDEN, msg: 'No permission' } });
    // The remote control sliding away as the shelves open: both sheets read the machine's shelves at once.
    renderScreen(
      makeUser(),
      '/deviceManage',
      <>
        <RemoteSheet
          visible
          device={device}
          sign={undefined}
          mode="test"
          onClose={() => {}}
          onSignExpired={() => {}}
        />
        <ShelvesSheet visible device={device} onClose={() => {}} />
      </>,
    );
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    for (const alert of screen.getAllByRole('alert'))
      expect(alert.textContent).toContain('No permission (403)');
    expect(fetchMock.mock.calls.filter(([path]) => path === CHANNELS)).toHaveLength(1);
    expect(toast).not.toHaveBeenCalled();
  });
});
