import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens load their parts lazily; on a loaded 2-core CI machine the first import of a chunk (transformed on
// demand) can take longer than Testing Library's default second. Waiting longer changes no assertion.
configure({ asyncUtilTimeout: 5000 });

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
