import type { MapCategories, MapContent, MapEvent } from '@globetrail/contracts';
import { assertNever } from '../decider.js';
import { chainLocationsHash, locationFacts, locationsHash, pictureLocation } from './map-locations.js';

export interface MapFacts {
  mapId: string;
  creatorId: string;
  official: boolean;
  content: MapContent;
  name: string;
  description: string;
  categories: MapCategories;
  /** Locations the map holds once complete, and how many are in so far. */
  declared: number;
  added: number;
  /** chainLocationsHash over the locations in so far. */
  hash: string;
}

export type MapState = { status: 'none' } | ({ status: 'created' | 'deleted' } & MapFacts);

export function evolveMap(state: MapState, event: MapEvent): MapState {
  switch (event.type) {
    case 'MapCreated': {
      if (event.version === 1) {
        const { mapId, name, creatorId, region, pictures } = event.data;
        const locations = pictures.map(pictureLocation);
        return {
          status: 'created',
          mapId,
          creatorId,
          official: false,
          content: region === 'image' ? 'image' : 'pictures',
          name,
          description: '',
          // A map saved before MapCreated v2 had no categories: what its pictures suggest, as the catalogue shows.
          categories: locationFacts(locations).suggested,
          declared: locations.length,
          added: locations.length,
          hash: locationsHash(locations),
        };
      }
      const { mapId, creatorId, official, content, name, description, categories, locationCount } = event.data;
      return { status: 'created', mapId, creatorId, official, content, name, description, categories, declared: locationCount, added: 0, hash: '' };
    }
    case 'MapLocationsAdded':
      if (state.status === 'none') return state;
      return { ...state, added: state.added + event.data.locations.length, hash: chainLocationsHash(state.hash, event.data.locations) };
    case 'MapLocationsReplaced':
      if (state.status === 'none') return state;
      return { ...state, declared: event.data.locationCount, added: 0, hash: '' };
    case 'MapDetailsChanged':
      if (state.status === 'none') return state;
      return { ...state, name: event.data.name, description: event.data.description, categories: event.data.categories };
    case 'MapDeleted':
      if (state.status === 'none') return state;
      return { ...state, status: 'deleted' };
    default:
      return assertNever(event);
  }
}
