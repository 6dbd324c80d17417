/** Query keys of /notification. */
export const notifyKeys = {
  recipients: ['notify', 'recipients'] as const,
  stores: ['notify', 'stores'] as const,
};
