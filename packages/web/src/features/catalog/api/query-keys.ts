/** Query keys of the catalog; a change invalidates the whole family it touches. */
export const catalogKeys = {
  areas: ['catalog', 'areas'] as const,
  stores: ['catalog', 'stores'] as const,
  goods: ['catalog', 'goods'] as const,
  images: ['catalog', 'images'] as const,
  regions: ['catalog', 'regions'] as const,
};
