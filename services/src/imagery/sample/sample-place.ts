export type Biome =
  | 'temperate'
  | 'boreal'
  | 'mediterranean'
  | 'desert'
  | 'steppe'
  | 'savanna'
  | 'tropical'
  | 'alpine'
  | 'tundra';

export type Setting = 'city' | 'town' | 'rural';
export type Terrain = 'flat' | 'hills' | 'mountains';

/** `local` is the name as local signs write it, when that differs from the Latin-script name. */
export interface PlaceName {
  latin: string;
  local?: string;
}

export interface Destination {
  name: PlaceName;
  /** Rough road distance; signs in mile countries convert it. */
  km: number;
}

export interface SamplePlace {
  /** Stable slug; it names the place in the data, never in anything a client sees. */
  key: string;
  /** ISO 3166-1 alpha-2, as @rapideditor/country-coder returns for lat/lng. */
  iso: string;
  lat: number;
  lng: number;
  setting: Setting;
  biome: Biome;
  terrain: Terrain;
  /** The nearest town, shown on a place-name board. */
  town: PlaceName;
  /** Two or three real places nearby, nearest first, for the direction sign. */
  destinations: Destination[];
  /** A word a shop front there would show, in the local language and script. */
  shopWord: string;
}
