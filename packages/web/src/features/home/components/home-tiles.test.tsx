import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, registerNamespace } from '../../../i18n/i18n';
import homeTexts from '../../../i18n/resources/home';
import { app, makeUser } from '../../../lib/test-fixtures';
import { HomeTiles } from './home-tiles';

registerNamespace('home', homeTexts);

const NOW = 1_800_000_000_000;
const DAY = 86_400_000;

const labels = () => screen.queryAllByRole('link').map((link) => link.textContent);
const groups = () => screen.queryAllByRole('heading').map((heading) => heading.textContent);

function renderTiles(user: ReturnType<typeof makeUser>) {
  return render(
    <MemoryRouter>
      <HomeTiles user={user} now={NOW} />
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('home tiles', () => {
  it('show the main account every tile, grouped', () => {
    renderTiles(makeUser({}, NOW));
    expect(groups()).toEqual(['Transactions', 'Management', 'Funds', 'Account']);
    expect(labels()).toHaveLength(20);
    expect(screen.getByRole('link', { name: 'Bind device' }).getAttribute('href')).toBe('/deviceBindEnter');
    expect(screen.getByRole('link', { name: 'API keys' }).getAttribute('href')).toBe('/apiKeys');
    expect(screen.getByRole('link', { name: 'Webhooks' }).getAttribute('href')).toBe('/webhooks');
    expect(screen.getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe('/auditLog');
  });

  it('drop member, advertisement and stock when their apps are missing or expired', () => {
    renderTiles(makeUser({ appList: [app('Account', NOW + DAY), app('Member', NOW - DAY)] }, NOW));
    expect(labels()).not.toContain('Members');
    expect(labels()).not.toContain('Ads');
    expect(labels()).not.toContain('Stock');
    expect(labels()).toContain('Activities');
  });

  it("never show staff the main account's tiles, whatever their role holds (spec §6)", () => {
    const every = [
      1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1028, 1029, 1030, 1031, 1032, 1033, 1034, 1035, 1036,
      1037, 1038,
    ];
    renderTiles(makeUser({ isMain: false, havePerms: every }, NOW));
    expect(labels()).toEqual([
      'Dashboard',
      'Sales bills',
      'Location stats',
      'Device stats',
      'Goods stats',
      'Devices',
      'Areas & stores',
      'Goods',
      'Stock',
      'Bank cards',
      'Payouts',
    ]);
    expect(groups()).toEqual(['Transactions', 'Management', 'Funds']);
  });

  it('show staff only what their role allows, and leave empty groups out', () => {
    renderTiles(makeUser({ isMain: false, havePerms: [1020, 1029, 1037] }, NOW));
    expect(labels()).toEqual(['Dashboard', 'Stock', 'Bank cards']);
    expect(groups()).toEqual(['Transactions', 'Management', 'Funds']);
  });

  it('tell a staff member whose role allows nothing to ask the main account, not leave home blank', () => {
    renderTiles(makeUser({ isMain: false, havePerms: [] }, NOW));
    expect(labels()).toEqual([]);
    expect(
      screen.getByText('Your account has no permissions yet. Ask the main account to give you a role.'),
    ).toBeTruthy();
  });
});
