import type { LatLng, MapCategories, MapEntry, MapLocationInput } from '@globetrail/contracts';

/** The map as the editor holds it, and what was last saved, to tell what changed. */
export interface EditorState {
  name: string;
  description: string;
  /** Null: let the server suggest them from the locations (a new map the author has not categorised). */
  categories: MapCategories | null;
  locations: MapLocationInput[];
  selected: number | null;
  /** Bumped by every change to the locations; compared with `savedVersion`. */
  version: number;
  savedVersion: number;
  saved: { name: string; description: string; categories: string } | null;
  /** False for a map of pictures: its details change, its locations do not. */
  editable: boolean;
}

export type EditorAction =
  | { type: 'loaded'; entry: MapEntry; locations: MapLocationInput[]; editable: boolean }
  | { type: 'add'; at: LatLng }
  | { type: 'move'; index: number; at: LatLng }
  | { type: 'remove'; index: number }
  | { type: 'select'; index: number | null }
  | { type: 'name'; value: string }
  | { type: 'description'; value: string }
  | { type: 'categories'; value: MapCategories | null }
  | { type: 'import'; locations: MapLocationInput[]; name: string | null }
  | { type: 'saved'; entry: MapEntry; version: number };

export const emptyEditor: EditorState = { name: '', description: '', categories: null, locations: [], selected: null, version: 0, savedVersion: 0, saved: null, editable: true };

const categoriesOf = (entry: MapEntry): MapCategories => ({
  coverage: entry.coverage,
  urbanRural: entry.urbanRural,
  coastalInland: entry.coastalInland,
  regionalFocusByCountry: entry.regionalFocusByCountry,
  countryStreakEligible: entry.countryStreakEligible,
});

const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

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
        saved: { name: action.entry.mapName, description: action.entry.description, categories: JSON.stringify(categories) },
      };
    }
    case 'add':
      if (!state.editable) return state;
      return { ...state, locations: [...state.locations, { lat: round(action.at.lat), lng: round(action.at.lng) }], selected: state.locations.length, version: state.version + 1 };
    case 'move': {
      if (!state.editable || !state.locations[action.index]) return state;
      const locations = state.locations.map((location, index) => (index === action.index ? { ...location, lat: round(action.at.lat), lng: round(action.at.lng) } : location));
      return { ...state, locations, version: state.version + 1 };
    }
    case 'remove': {
      if (!state.editable || !state.locations[action.index]) return state;
      const locations = state.locations.filter((_, index) => index !== action.index);
      return { ...state, locations, selected: null, version: state.version + 1 };
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
      if (!state.editable) return state;
      return { ...state, locations: [...state.locations, ...action.locations], name: state.name.trim() === '' && action.name ? action.name : state.name, selected: null, version: state.version + 1 };
    case 'saved': {
      const categories = categoriesOf(action.entry);
      return {
        ...state,
        categories,
        savedVersion: action.version,
        saved: { name: action.entry.mapName, description: action.entry.description, categories: JSON.stringify(categories) },
      };
    }
    default: {
      const unreachable: never = action;
      return unreachable;
    }
  }
}

/** What a save would change: nothing (null), or the fields to send (locations only when they changed). */
export function changesOf(state: EditorState): { details: boolean; locations: boolean } | null {
  const locations = state.saved === null || state.version !== state.savedVersion;
  const details =
    state.saved === null ||
    state.name.trim() !== state.saved.name ||
    state.description.trim() !== state.saved.description ||
    (state.categories !== null && JSON.stringify(state.categories) !== state.saved.categories);
  return locations || details ? { details, locations } : null;
}
