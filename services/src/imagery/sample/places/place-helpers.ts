import type { Destination } from '../sample-place.js';

/** A direction-sign line: the Latin-script name, its distance, and the local form when it differs. */
export const to = (latin: string, km: number, local?: string): Destination => ({
  name: local === undefined ? { latin } : { latin, local },
  km,
});
