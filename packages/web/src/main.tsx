import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/antd-root-render';
import './styles/global.css';
import { App } from './app/app';
import { giveClearButtonsTheirRole } from './lib/clear-button-role';
import { applyPreloadedStyles } from './lib/preloaded-styles';
import { resetStaleStorage } from './lib/session';

const container = document.getElementById('root');
if (resetStaleStorage(window.location.pathname)) {
  window.location.reload();
} else if (container) {
  giveClearButtonsTheirRole(document.body);
  void applyPreloadedStyles().then(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
