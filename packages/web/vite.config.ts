import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const server = 'http://127.0.0.1:8080';

/**
 * Vendor groups for the first screen. Libraries every screen needs share one long-cached chunk; anything a
 * route pulls in later (charts, heavy antd-mobile parts) stays in that route's own lazy chunk.
 */
const vendorGroups: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
];

export default defineConfig({
  root,
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/p': server,
      '/api': server,
      '/uploads': server,
    },
  },
  preview: {
    proxy: {
      '/p': server,
      '/api': server,
      '/uploads': server,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    cssCodeSplit: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorGroups.map((g) => ({ ...g, priority: 10 })),
        },
      },
    },
  },
});
