import { BrowserRouter } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { AppProvider } from './provider';

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <RootLayout />
      </BrowserRouter>
    </AppProvider>
  );
}
