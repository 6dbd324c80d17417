import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/antd-root-render';
import './styles/global.css';
import { App } from './app/app';
import { giveClearButtonsTheirRole } from './lib/clear-button-role';
import { applyPreloadedStyles } from './lib/preloaded-styles';
import { createQueryClient } from './lib/query-client';
import { prefetchRoute } from './app/route-prefetch';
import { preloadScreen } from './app/route-table';
import { isLoginValid, isSessionFree, resetStaleStorage } from './lib/session';

const container = document.getElementById('root');
if (resetStaleStorage(window.location.pathname)) {
  window.location.reload();
} else if (container) {
  // The screen's chunk and its calls leave now, while the stylesheets and the schemas load.
  const { pathname } = window.location;
  if (isLoginValid() || isSessionFree(pathname)) preloadScreen(pathname);
  const queryClient = createQueryClient();
  prefetchRoute(queryClient, window.location);
  giveClearButtonsTheirRole(document.body);
  void applyPreloadedStyles().then(() =>
    createRoot(container).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}
