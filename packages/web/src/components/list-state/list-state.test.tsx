import '../test-antd';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_RCODE } from '../../lib/api-client';
import { initTestI18n } from '../test-i18n';
import { ListState } from './list-state';

describe('ListState', () => {
  it('says a refusal the server answered in its words, and "Could not load" for a network failure', () => {
    initTestI18n('en-US');
    const refused = new ApiError(501, 'Device does not exist');
    const { rerender } = render(
      <ListState pending={false} failed error={refused} onRetry={() => {}}>
        <p>rows</p>
      </ListState>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Device does not exist (501)');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    rerender(
      <ListState pending={false} failed error={new ApiError(CLIENT_RCODE.NETWORK, 'x')} onRetry={() => {}}>
        <p>rows</p>
      </ListState>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Could not load');
  });

  it('is always given the error of the query it shows, so no list falls back to "Could not load" for a refusal', () => {
    // The type requires it (npm run typecheck fails here if `error` becomes optional again).
    // @ts-expect-error `error` is required
    const withoutError = <ListState pending={false} failed={false} onRetry={() => {}} children={null} />;
    expect(withoutError).toBeTruthy();
  });
});
