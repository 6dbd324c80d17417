import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/*
 * antd-mobile's imperative Toast and Dialog render through ReactDOM.render, which React 19 removed; this gives them
 * createRoot instead. Imported for its effect: by main.tsx before the app starts, and by tests that open them.
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
    // Unmounting inside the same task as a render warns in React 19; wait one turn.
    await new Promise((resolve) => setTimeout(resolve, 0));
    roots.get(container)?.unmount();
    roots.delete(container);
  };
});
