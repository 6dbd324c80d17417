/**
 * Stands in for rc-util's React/render, antd-mobile's default way of mounting Toast and Dialog: ReactDOM.render,
 * which React 19 removed. main.tsx replaces it with createRoot (unstableSetRender) before anything can open, so
 * the original never runs here; vite.config.ts points its import at this file to keep it, and the Babel async
 * runtime it brings (3 KB of gzip), off the first screen. Tests keep the original.
 */
export function render(): never {
  throw new Error('antd-mobile mounts Toast and Dialog through unstableSetRender (main.tsx)');
}

export async function unmount(): Promise<void> {}
