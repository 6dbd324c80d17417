import { describe, expect, it } from 'vitest';
import { applyPreloadedStyles } from './preloaded-styles';

describe('applyPreloadedStyles', () => {
  it('turns the preloaded stylesheets into stylesheets and settles once each has loaded or failed', async () => {
    document.head.innerHTML =
      '<link rel="preload" as="style" href="/assets/a.css"><link rel="preload" as="style" href="/assets/b.css">' +
      '<link rel="modulepreload" href="/assets/c.js">';
    let settled = false;
    const applied = applyPreloadedStyles().then(() => (settled = true));
    const [a, b] = [...document.head.querySelectorAll('link')];
    expect([...document.head.querySelectorAll('link')].map((link) => link.rel)).toEqual([
      'stylesheet',
      'stylesheet',
      'modulepreload',
    ]);
    a!.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(settled).toBe(false);
    b!.dispatchEvent(new Event('error'));
    await applied;
    expect(settled).toBe(true);
  });

  it('settles at once when there is nothing to apply', async () => {
    document.head.innerHTML = '';
    await expect(applyPreloadedStyles()).resolves.toBeUndefined();
  });
});
