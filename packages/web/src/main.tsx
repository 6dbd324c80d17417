import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/antd-root-render';
import './styles/global.css';
import { App } from './app/app';
import { resetStaleStorage } from './lib/session';

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
