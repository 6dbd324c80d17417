import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/app';
import { resetStaleStorage } from './lib/session';

// antd-mobile's Toast and Dialog render through ReactDOM.render, which React 19 removed; give them createRoot.
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
    root.unmount();
    roots.delete(container);
  };
});

const container = document.getElementById('root');
if (resetStaleStorage(window.location.pathname)) {
  window.location.reload();
} else if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
