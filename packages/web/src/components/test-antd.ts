import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';

/*
 * antd-mobile's imperative Toast and Dialog render with the legacy ReactDOM.render, which React 19 removed.
 * The app registers createRoot at start; tests that open them import this file to do the same.
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    await Promise.resolve();
    roots.get(container)?.unmount();
    roots.delete(container);
  };
});

// PasscodeInput scrolls itself into view after focus; jsdom has no layout, so the call only needs to exist.
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => {};
}
