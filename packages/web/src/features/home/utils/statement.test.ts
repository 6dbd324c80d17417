import { describe, expect, it } from 'vitest';
import { clearLoginStorage } from '../../../lib/storage';
import { closeStatement, shouldShowStatement } from './statement';

describe('statement dialog', () => {
  it('shows once per login', () => {
    expect(shouldShowStatement('13800138000', 1000)).toBe(true);
    closeStatement('13800138000', 1000, false);
    expect(shouldShowStatement('13800138000', 1000)).toBe(false);
    // A new login (new login time) shows it again.
    expect(shouldShowStatement('13800138000', 2000)).toBe(true);
  });

  it('comes back after logout unless the account chose not to see it again', () => {
    closeStatement('13800138000', 1000, false);
    clearLoginStorage();
    expect(shouldShowStatement('13800138000', 1000)).toBe(true);

    closeStatement('13800138000', 1000, true);
    clearLoginStorage();
    expect(shouldShowStatement('13800138000', 3000)).toBe(false);
    expect(shouldShowStatement('13900139000', 3000)).toBe(true);
  });
});
