/** Query keys of /staff; a change invalidates the whole family it touches. */
export const staffKeys = {
  staff: ['staff', 'members'] as const,
  roles: ['staff', 'roles'] as const,
  stores: ['staff', 'stores'] as const,
};
