/** Longest wait for a stylesheet before the app renders anyway. */
const STYLE_WAIT_MS = 3000;

/**
 * index.html preloads the first screen's stylesheets so they never block its first paint (vite.config.ts,
 * nonBlockingStyles). They become stylesheets here, before the app renders: the content security policy allows no
 * inline `onload` handler to do it (decision 017). Settles when each has loaded or failed, or after STYLE_WAIT_MS.
 */
export function applyPreloadedStyles(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          setTimeout(resolve, STYLE_WAIT_MS);
          link.rel = 'stylesheet';
        }),
    ),
  ).then(() => undefined);
}
