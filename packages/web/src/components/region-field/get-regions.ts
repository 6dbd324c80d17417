import { useQuery } from '@tanstack/react-query';
import { REGIONS_PATH, regionNode, type RegionNode } from '@vendo/contract/api/catalog';
import { REQUEST_TIMEOUT_MS } from '@vendo/contract/constants';
import { z } from 'zod';
import { currentLocale } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';

const regionTree = z.array(regionNode);

/**
 * The province → city → district tree. A plain GET, not a call: the server sends it gzip-compressed with an
 * ETag so the browser keeps it; it changes only with the division data. A refusal (the database down for a
 * moment, …) comes as the server's envelope, in the person's language: an ApiError, which the field says in its
 * words.
 */
export async function fetchRegions(): Promise<RegionNode[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(REGIONS_PATH, {
      signal: controller.signal,
      credentials: 'same-origin',
      headers: { lang: currentLocale() },
    });
    if (!response.ok) {
      const answer: unknown = await response.json().catch(() => null);
      const { rcode, msg } = (answer ?? {}) as { rcode?: unknown; msg?: unknown };
      if (typeof rcode === 'number' && typeof msg === 'string') throw new ApiError(rcode, msg);
      throw new Error(`regions: HTTP ${response.status}`);
    }
    return regionTree.parse(await response.json());
  } finally {
    clearTimeout(timer);
  }
}

/** Loaded only once the region picker first opens (enabled), then kept for the visit. */
export function useRegions(enabled: boolean) {
  return useQuery({
    queryKey: [REGIONS_PATH],
    queryFn: fetchRegions,
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
