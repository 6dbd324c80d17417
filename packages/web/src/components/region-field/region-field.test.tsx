import '../test-antd';
import { RCODE, rcodeText } from '@vendo/contract/rcodes';
import { REGIONS_PATH } from '@vendo/contract/api/catalog';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { createQueryClient } from '../../lib/query-client';
import { RegionField } from './region-field';
import { NO_REGION } from './region-options';

const texts = {
  title: 'Region',
  placeholder: 'Choose',
  clear: 'Clear',
  pick: 'Please choose',
  loadFailed: 'Could not load the regions',
};

function renderField() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RegionField
        id="region"
        value={NO_REGION}
        onChange={() => {}}
        onIncomplete={() => {}}
        ariaProps={{}}
        texts={texts}
      />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RegionField', () => {
  it.each(['zh-CN', 'zh-TW', 'en-US'] as const)(
    'says a refused region tree in the server’s words, asked in the person’s language (%s)',
    async (lang) => {
      await i18n.changeLanguage(lang);
      const refusal = rcodeText(RCODE.DATABASE_UNAVAILABLE)![lang];
      const fetchMock = vi.fn((_input: string, _init: RequestInit) =>
        Promise.resolve(
          new Response(JSON.stringify({ rcode: RCODE.DATABASE_UNAVAILABLE, msg: refusal, result: null }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      );
      vi.stubGlobal('fetch', fetchMock);
      renderField();
      fireEvent.click(screen.getByRole('button', { name: 'Choose' }));
      const said = await screen.findByText(refusal, { exact: false });
      expect(said.textContent).toContain(String(RCODE.DATABASE_UNAVAILABLE));
      expect(said.textContent).not.toContain(texts.loadFailed);
      expect(fetchMock.mock.calls[0]![0]).toBe(REGIONS_PATH);
      expect((fetchMock.mock.calls[0]![1].headers as Record<string, string>).lang).toBe(lang);
    },
  );

  it('falls back to its own words when nothing the server said came back', async () => {
    await i18n.changeLanguage('en-US');
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>bad gateway</html>', { status: 502 })));
    renderField();
    fireEvent.click(screen.getByRole('button', { name: 'Choose' }));
    expect(await screen.findByText(texts.loadFailed)).toBeTruthy();
  });
});
