/** Query keys of the device screens; a change invalidates the whole family it touches. */
export const deviceKeys = {
  all: ['devices'] as const,
  list: ['devices', 'list'] as const,
  channels: ['devices', 'channels'] as const,
  numbering: ['devices', 'numbering'] as const,
  areas: ['devices', 'area-options'] as const,
  stores: ['devices', 'store-options'] as const,
  goods: ['devices', 'goods-options'] as const,
};
