import { type LatLng, type MapCategories, type MapDraft, type MapEntry, type MapLocationInput, placeKey, type SavedMap } from '@globetrail/contracts';

/** The map as the editor holds it, and what the server holds of it (to tell what a save must send). */
export interface EditorState extends MapDraft {
  locations: MapLocationInput[];
  /** Index of the selected location. */
  selected: number | null;
  /** Null until the map's first save. */
  saved: SavedMap | null;
  /** False for a map of pictures: its details change, its locations do not. */
  editable: boolean;
  /** Bumped when the view should frame every location: the map opened, a file was imported. */
  frame: number;
}

export type EditorAction =
  | { type: 'loaded'; entry: MapEntry; locations: MapLocationInput[]; editable: boolean }
  | { type: 'add'; at: LatLng }
  | { type: 'move'; index: number; at: LatLng }
  /** A location's fields typed in the panel (already checked against mapLocationInputSchema). */
  | { type: 'edit'; index: number; location: MapLocationInput }
  | { type: 'remove'; index: number }
  /** These very locations (the ones at sea), wherever they are in the list now. */
  | { type: 'removeMany'; locations: readonly MapLocationInput[] }
  | { type: 'select'; index: number | null }
  | { type: 'name'; value: string }
  | { type: 'description'; value: string }
  | { type: 'categories'; value: MapCategories | null }
  | { type: 'import'; locations: MapLocationInput[]; name: string | null }
  /** The server took `sent` and answered `entry`. */
  | { type: 'saved'; entry: MapEntry; sent: MapDraft };

export const emptyEditor: EditorState = { name: '', description: '', categories: null, locations: [], selected: null, saved: null, editable: true, frame: 0 };

export const categoriesOf = (entry: MapEntry): MapCategories => ({
  coverage: entry.coverage,
  urbanRural: entry.urbanRural,
  coastalInland: entry.coastalInland,
  regionalFocusByCountry: entry.regionalFocusByCountry,
  countryStreakEligible: entry.countryStreakEligible,
});

/** Six decimals (about 10 cm), as precise as a click or a drag means. */
const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;
/** The flat map draws Web Mercator, which stops short of the poles. */
const MAX_LAT = 85;

const placed = (at: LatLng) => ({ lat: round(Math.max(-MAX_LAT, Math.min(MAX_LAT, at.lat))), lng: round(at.lng) });

/** The editor's rules, one pure function: every change is an action. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'loaded': {
      const categories = categoriesOf(action.entry);
      return {
        ...emptyEditor,
        name: action.entry.mapName,
        description: action.entry.description,
        categories,
        locations: action.locations,
        editable: action.editable,
        saved: { name: action.entry.mapName, description: action.entry.description, categories, locations: action.locations },
        frame: state.frame + 1,
      };
    }
    case 'add': {
      if (!state.editable) return state;
      const location = placed(action.at);
      // A place is on a map once: adding it again selects it.
      const key = placeKey(location);
      const existing = state.locations.findIndex((other) => placeKey(other) === key);
      if (existing >= 0) return { ...state, selected: existing };
      return { ...state, locations: [...state.locations, location], selected: state.locations.length };
    }
    case 'move': {
      const current = state.locations[action.index];
      if (!state.editable || !current) return state;
      return { ...state, locations: replaced(state.locations, action.index, { ...current, ...placed(action.at) }) };
    }
    case 'edit':
      if (!state.editable || !state.locations[action.index]) return state;
      return { ...state, locations: replaced(state.locations, action.index, action.location) };
    case 'remove': {
      if (!state.editable || !state.locations[action.index]) return state;
      return { ...state, locations: state.locations.filter((_, index) => index !== action.index), selected: null };
    }
    case 'removeMany': {
      const removed = new Set(action.locations);
      if (!state.editable || removed.size === 0) return state;
      return { ...state, locations: state.locations.filter((location) => !removed.has(location)), selected: null };
    }
    case 'select':
      return { ...state, selected: action.index !== null && state.locations[action.index] ? action.index : null };
    case 'name':
      return { ...state, name: action.value };
    case 'description':
      return { ...state, description: action.value };
    case 'categories':
      return { ...state, categories: action.value };
    case 'import':
      if (!state.editable || action.locations.length === 0) return state;
      return {
        ...state,
        locations: [...state.locations, ...action.locations],
        name: state.name.trim() === '' && action.name ? action.name : state.name,
        selected: null,
        frame: state.frame + 1,
      };
    case 'saved': {
      const categories = categoriesOf(action.entry);
      return {
        ...state,
        // Categories the server suggested for a new map are now the map's own, shown as chosen.
        categories: state.categories ?? categories,
        saved: { name: action.entry.mapName, description: action.entry.description, categories, locations: action.sent.locations },
      };
    }
    default: {
      const unreachable: never = action;
      return unreachable;
    }
  }
}

function replaced<T>(list: readonly T[], index: number, value: T): T[] {
  const copy = [...list];
  copy[index] = value;
  return copy;
}
