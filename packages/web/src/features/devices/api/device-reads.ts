import { devOnlineCount, getDev, getDevChannel, getResetC } from '@vendo/contract/api/devices';

/** What binding or unbinding a machine makes stale: the list, the home counts, its shelves and their numbering. */
export const DEVICE_READS = [getDev, devOnlineCount, getDevChannel, getResetC];
