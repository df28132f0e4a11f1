import type { FeatureCollection, LineString, Polygon } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
import type { CountryCollection } from './countries';

interface Palette {
  sea: string;
  tones: readonly [string, string, string, string, string, string];
  border: string;
  line: string;
}

/**
 * The three map types of SPEC §3 (index 0–2), all drawn offline from Natural Earth countries.
 *
 * Decision: when the server configures `onlineMapStyleUrl`, map type 2 uses that online style instead
 * of the satellite-like palette, so a deployment with a tile provider offers a detailed map while the
 * default build (and every test) stays fully offline with types 0 and 1 always available.
 */
const palettes: readonly [Palette, Palette, Palette] = [
  {
    // 0: light political map
    sea: '#a9d3ea',
    tones: ['#f2efe6', '#e9e4d4', '#efe7cf', '#e4ead3', '#ede0d6', '#e6e1ea'],
    border: '#8d8a80',
    line: '#1b1b1f',
  },
  {
    // 1: dark
    sea: '#0e1726',
    tones: ['#2a313c', '#262d37', '#2e3540', '#29303a', '#2c323d', '#252b34'],
    border: '#5d6777',
    line: '#ffffff',
  },
  {
    // 2: satellite-like colours
    sea: '#0b2f4f',
    tones: ['#51683c', '#5c7043', '#6b7447', '#4a6238', '#7a7650', '#566b3f'],
    border: '#d9d2b0',
    line: '#ffffff',
  },
];

export const LINE_SOURCE_ID = 'result-line';
const LINE_LAYER_ID = 'result-line';
export const CIRCLE_SOURCE_ID = 'guess-circles';
const CIRCLE_FILL_LAYER_ID = 'guess-circles-fill';
const CIRCLE_LINE_LAYER_ID = 'guess-circles-line';

/** Circles (multiplayer circles mode): each feature carries its own `color`. */
export type CircleCollection = FeatureCollection<Polygon, { color: string; ring: boolean }>;
export const EMPTY_CIRCLES: CircleCollection = { type: 'FeatureCollection', features: [] };

export function buildOfflineStyle(mapType: number, countries: CountryCollection | null): StyleSpecification {
  const palette = palettes[mapType] ?? palettes[0];
  const style: StyleSpecification = {
    version: 8,
    sources: {},
    layers: [{ id: 'sea', type: 'background', paint: { 'background-color': palette.sea } }],
  };
  if (countries) {
    style.sources.countries = { type: 'geojson', data: countries, tolerance: 0.3 };
    style.layers.push(
      {
        id: 'country-fill',
        type: 'fill',
        source: 'countries',
        paint: {
          'fill-color': ['match', ['get', 'tone'], 0, palette.tones[0], 1, palette.tones[1], 2, palette.tones[2], 3, palette.tones[3], 4, palette.tones[4], palette.tones[5]],
        },
      },
      {
        id: 'country-border',
        type: 'line',
        source: 'countries',
        paint: { 'line-color': palette.border, 'line-width': ['interpolate', ['linear'], ['zoom'], 0, 0.4, 6, 1.2] },
      },
    );
  }
  return style;
}

export function lineColorFor(mapType: number): string {
  return (palettes[mapType] ?? palettes[0]).line;
}

/**
 * Adds the guess-to-target lines and the guess circles on top of any style (offline or online) so a
 * style switch keeps them.
 */
export function withResultLine(style: StyleSpecification, line: FeatureCollection<LineString>, color: string, circles: CircleCollection = EMPTY_CIRCLES): StyleSpecification {
  const own = new Set([LINE_LAYER_ID, CIRCLE_FILL_LAYER_ID, CIRCLE_LINE_LAYER_ID]);
  return {
    ...style,
    sources: { ...style.sources, [LINE_SOURCE_ID]: { type: 'geojson', data: line }, [CIRCLE_SOURCE_ID]: { type: 'geojson', data: circles } },
    layers: [
      ...style.layers.filter((layer) => !own.has(layer.id)),
      {
        id: CIRCLE_FILL_LAYER_ID,
        type: 'fill',
        source: CIRCLE_SOURCE_ID,
        filter: ['!=', ['get', 'ring'], true],
        paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.16 },
      },
      {
        id: CIRCLE_LINE_LAYER_ID,
        type: 'line',
        source: CIRCLE_SOURCE_ID,
        paint: {
          'line-color': ['get', 'color'],
          'line-width': ['case', ['==', ['get', 'ring'], true], 1.25, 2],
          'line-opacity': ['case', ['==', ['get', 'ring'], true], 0.75, 1],
        },
      },
      {
        id: LINE_LAYER_ID,
        type: 'line',
        source: LINE_SOURCE_ID,
        layout: { 'line-cap': 'round' },
        paint: { 'line-color': color, 'line-width': 3, 'line-dasharray': [2, 1.5] },
      },
    ],
  };
}

/** An online style with its text layers (street and place names) hidden: the "street names" setting off. */
export function withoutLabels(style: StyleSpecification): StyleSpecification {
  return {
    ...style,
    layers: style.layers.map((layer) => (layer.type === 'symbol' ? { ...layer, layout: { ...layer.layout, visibility: 'none' } } : layer)),
  };
}
