import { fireEvent, waitFor } from '@testing-library/react';
import type { NotifyRecipient } from '@vendo/contract/api/notify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../components/test-antd';
import { i18n, registerNamespace } from '../../../i18n/i18n';
import componentsTexts from '../../../i18n/resources/components';
import notifyTexts from '../../../i18n/resources/notify';
import { makeUser } from '../../../lib/test-fixtures';
import { answerWith, fetchMock, renderScreen } from '../../../testing/mock-api';
import { RecipientFormSheet } from './recipient-form';

registerNamespace('notify', notifyTexts);
registerNamespace('components', componentsTexts);

afterEach(() => {
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

const EDIT = '/api/v1/u/editNotify';

const recipient = (start: string, end: string): NotifyRecipient => ({
  notify_id: 7,
  wechat_detail: { nickname: 'Wang', headimgurl: '' },
  remarks: 'Night shift',
  notice: 1,
  not_disture: 1,
  start_notify: start,
  end_notify: end,
  permission: ['lowStock'],
  all_device: 1,
  store: [],
  bound_at: 0,
  create_time: 0,
});

const control = (id: string) => document.getElementById(id) as HTMLElement;
const save = () =>
  fireEvent.click(
    control('notify-remarks').closest('form')?.querySelector('button[type=submit]') ?? document.body,
  );
const edits = () => fetchMock.mock.calls.filter(([path]) => path === EDIT);

describe('recipient form', () => {
  it.each([
    ['en-US', 'The do-not-disturb end cannot be the same as its start'],
    ['zh-CN', '免打扰结束时间不能与开始时间相同'],
    ['zh-TW', '免打擾結束時間不能與開始時間相同'],
  ] as const)(
    'refuses a do-not-disturb window ending when it starts, under its end (%s)',
    async (locale, msg) => {
      await i18n.changeLanguage(locale);
      answerWith({
        [EDIT]: { rcode: 0, result: {} },
        '/api/v1/u/getAllStore': { rcode: 0, result: { data: [] } },
      });
      vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
      renderScreen(
        makeUser(),
        '/notification',
        <RecipientFormSheet visible recipient={recipient('08:00', '08:00')} onClose={() => undefined} />,
      );
      save();
      await waitFor(() => expect(document.getElementById('notify-end-error')?.textContent).toBe(msg));
      expect(edits()).toEqual([]);
    },
  );

  it('saves an overnight window (a start after the end)', async () => {
    await i18n.changeLanguage('en-US');
    answerWith({
      [EDIT]: { rcode: 0, result: {} },
      '/api/v1/u/getAllStore': { rcode: 0, result: { data: [] } },
    });
    renderScreen(
      makeUser(),
      '/notification',
      <RecipientFormSheet visible recipient={recipient('22:00', '08:00')} onClose={() => undefined} />,
    );
    save();
    await waitFor(() => expect(edits()).toHaveLength(1));
    expect(JSON.parse(String(edits()[0]![1].body))).toMatchObject({
      start_notify: '22:00',
      end_notify: '08:00',
    });
    expect(document.getElementById('notify-end-error')).toBeNull();
  });
});
