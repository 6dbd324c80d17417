import { PERMISSIONS } from '@vendo/contract/permissions';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, registerNamespace } from '../../../i18n/i18n';
import homeTexts from '../../../i18n/resources/home';
import { readUserInfo, updateUserInfo } from '../../../lib/session';
import { makeUser } from '../../../lib/test-fixtures';
import { answerWith, fetchMock, renderScreen } from '../../../testing/mock-api';
import { AlertsCard } from './alerts-card';

registerNamespace('home', homeTexts);

beforeAll(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  fetchMock.mockReset();
});

describe('home alerts', () => {
  it("stop showing the machines' counts once the role loses device management (the refresh after login)", async () => {
    answerWith({
      '/api/v1/d/devOnlineCount': { rcode: 0, result: { online: 3, offline: 1, total: 4 } },
    });
    // The login's snapshot still holds device management; the server's refresh then says the role lost it.
    renderScreen(makeUser({ isMain: false, havePerms: [PERMISSIONS.DeviceManage] }), '/', <AlertsCard />);
    await waitFor(() => expect(screen.getByText('Online: 3')).toBeTruthy());
    act(() => updateUserInfo({ ...readUserInfo()!, havePerms: [PERMISSIONS.Dashboard] }));
    await waitFor(() => expect(screen.queryByText('Online: 3')).toBeNull());
    expect(screen.queryByText('Offline: 1')).toBeNull();
  });
});
