import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { makeUser } from '../../../lib/test-fixtures';
import AnalysisDetailScreen from './analysis-detail-screen';
import { answerWith, fetchMock, renderScreen } from './test-support';

vi.mock('../../../lib/notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const EMPTY_LIST = { rcode: 0, result: { data: [], count: 0, range: { start_time: 0, end_time: 1 } } };

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('/sicAnalysisDetail', () => {
  it('says why a place gone or outside the caller’s stores shows nothing, without a retry that cannot help', async () => {
    const gone = { rcode: 700, msg: 'Area does not exist' };
    answerWith({ '/api/v1/a/area': EMPTY_LIST, '/api/v1/a/days': gone, '/api/v1/a/hours': gone });
    renderScreen(makeUser(), '/sicAnalysisDetail?area=2', <AnalysisDetailScreen />);
    expect(await screen.findByText('Area does not exist')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /retry/i })).toBeNull();
  });
});
