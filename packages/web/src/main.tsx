import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/antd-root-render';
import './styles/global.css';
import { App } from './app/app';
import { giveClearButtonsTheirRole } from './lib/clear-button-role';
import { applyPreloadedStyles } from './lib/preloaded-styles';
import { createQueryClient } from './lib/query-client';
import { currentAgent } from './lib/agent';
import { appConfigQuery } from './lib/app-config';
import { prefetchRoute } from './app/route-prefetch';
import { resetStaleStorage } from './lib/session';

const container = document.getElementById('root');
if (resetStaleStorage(window.location.pathname)) {
  window.location.reload();
} else if (container) {
  // The screen's calls and chunk leave now; the first render waits for the chunk and the stylesheets.
  const queryClient = createQueryClient();
  const screen = prefetchRoute(queryClient, window.location);
  void queryClient.prefetchQuery(appConfigQuery(currentAgent()));
  giveClearButtonsTheirRole(document.body);
  void Promise.all([applyPreloadedStyles(), screen]).then(() => {
    const root = createRoot(container);
    // The first render as a transition: React yields to the browser every few milliseconds instead of running it
    // as one long task (~200 ms at a cheap phone's speed), which Lighthouse counts as blocking time.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      ),
    );
  });
}
