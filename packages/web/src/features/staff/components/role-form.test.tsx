import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../components/test-antd';
import { i18n, registerNamespace } from '../../../i18n/i18n';
import componentsTexts from '../../../i18n/resources/components';
import staffTexts from '../../../i18n/resources/staff';
import { makeUser } from '../../../lib/test-fixtures';
import { answerWith, fetchMock, renderScreen } from '../../../testing/mock-api';
import { RoleFormSheet } from './role-form';

registerNamespace('staff', staffTexts);
registerNamespace('components', componentsTexts);

beforeAll(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

// Role queries name every node of this long form, slower in jsdom than the test's time; the ids are the labels' own.
const control = (id: string) => document.getElementById(id) as HTMLElement;

describe('role form', () => {
  it('brings the permissions message into view when a save picks none (it sat below the fold at 375 px)', async () => {
    answerWith({});
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.textContent ?? '');
    });
    renderScreen(
      makeUser(),
      '/staff?tab=roles',
      <RoleFormSheet visible role={null} onClose={() => undefined} />,
    );
    fireEvent.change(control('role-name'), { target: { value: 'Cashier' } });
    fireEvent.change(control('role-note'), { target: { value: 'Till work' } });
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(scrolled).toEqual(['Pick at least one permission']));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('brings the first message into view when several fields are refused', async () => {
    answerWith({});
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.textContent ?? '');
    });
    renderScreen(
      makeUser(),
      '/staff?tab=roles',
      <RoleFormSheet visible role={null} onClose={() => undefined} />,
    );
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(scrolled).toHaveLength(1));
    expect(scrolled[0]).toBe(document.getElementById('role-name-error')?.textContent);
  });

  it.each([
    ['en-US', 'Role name cannot be empty', 'Note cannot be empty', 'Permissions'],
    ['zh-CN', '角色名称不能为空', '备注不能为空', '权限'],
    ['zh-TW', '角色名稱不能為空', '備註不能為空', '權限'],
  ] as const)(
    'names each empty field, and heads the permission list with its label (%s)',
    async (locale, name, note, label) => {
      await i18n.changeLanguage(locale);
      answerWith({});
      vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
      renderScreen(
        makeUser(),
        '/staff?tab=roles',
        <RoleFormSheet visible role={null} onClose={() => undefined} />,
      );
      fireEvent.click(
        control('role-name').closest('form')?.querySelector('button[type=submit]') ?? document.body,
      );
      await waitFor(() => expect(document.getElementById('role-name-error')?.textContent).toBe(name));
      expect(document.getElementById('role-note-error')?.textContent).toBe(note);
      // The label stands on its own line above the list (a stacked field), not beside it halfway down.
      const heading = document.querySelector('label[for="role-permissions"]') as HTMLElement;
      expect(heading.textContent).toContain(label);
      expect(heading.closest('.field')?.classList.contains('field-stacked')).toBe(true);
      const list = heading.closest('.field')?.querySelector('.perm-groups') as HTMLElement;
      expect(heading.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      await i18n.changeLanguage('en-US');
    },
  );
});
