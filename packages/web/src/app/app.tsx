import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { AppProvider } from './provider';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <RootLayout />
      </BrowserRouter>
    </AppProvider>
  );
}
