/** Machines, shelves, commands and machine events (issue: machines). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DeviceTables {}
