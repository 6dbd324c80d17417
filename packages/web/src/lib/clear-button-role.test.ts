import { describe, expect, it } from 'vitest';
import { giveClearButtonsTheirRole } from './clear-button-role';

describe('giveClearButtonsTheirRole', () => {
  it('gives the clear crosses there and those added later the button role, leaving other elements alone', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<div class="adm-input-clear" aria-label="clear"></div><div class="other"></div>';
    document.body.append(root);
    giveClearButtonsTheirRole(root);
    expect(root.querySelector('.adm-input-clear')?.getAttribute('role')).toBe('button');
    const later = document.createElement('span');
    later.innerHTML = '<div class="adm-input-clear" aria-label="clear"></div>';
    root.append(later);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(later.querySelector('.adm-input-clear')?.getAttribute('role')).toBe('button');
    expect(root.querySelector('.other')?.hasAttribute('role')).toBe(false);
    root.remove();
  });
});
