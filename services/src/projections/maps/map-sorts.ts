import type { MapSort } from '@globetrail/contracts';
import type { IndexField } from '../../platform/read-store/read-store.port.js';

/** How each list order sorts (ties by name, then id): the maps and search-term documents both carry these fields. */
export const MAP_SORT_FIELDS: Record<MapSort, Array<Extract<IndexField, [string, string]>>> = {
  likes: [['likes', 'desc'], ['sortName', 'asc']],
  plays: [['plays', 'desc'], ['sortName', 'asc']],
  new: [['createdAt', 'desc']],
  updated: [['updatedAt', 'desc']],
  name: [['sortName', 'asc']],
  locations: [['loc', 'desc'], ['sortName', 'asc']],
};
