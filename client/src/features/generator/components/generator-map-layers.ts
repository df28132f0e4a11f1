import type { LatLng } from '@globetrail/contracts';
import type { Feature, FeatureCollection, Geometry, LineString, Point, Polygon } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
import type { CountryFeature } from '../hooks/use-region-outline';

export const REGION_SOURCE_ID = 'generator-region';
export const AREA_SOURCE_ID = 'generator-area';
export const POINTS_SOURCE_ID = 'generator-points';
export const POINTS_LAYER_ID = 'generator-points';

const REGION_FILL_LAYER_ID = 'generator-region-fill';
const REGION_LINE_LAYER_ID = 'generator-region-line';
const AREA_FILL_LAYER_ID = 'generator-area-fill';
const AREA_LINE_LAYER_ID = 'generator-area-line';
const AREA_CORNER_LAYER_ID = 'generator-area-corners';

const OWN_LAYERS = new Set([REGION_FILL_LAYER_ID, REGION_LINE_LAYER_ID, AREA_FILL_LAYER_ID, AREA_LINE_LAYER_ID, AREA_CORNER_LAYER_ID, POINTS_LAYER_ID]);

export interface GeneratorLayerData {
  region: FeatureCollection;
  area: FeatureCollection;
  points: FeatureCollection<Point>;
}

export const EMPTY_COLLECTION: FeatureCollection = { type: 'FeatureCollection', features: [] };

export function regionCollection(features: readonly CountryFeature[] | null): FeatureCollection {
  return features ? { type: 'FeatureCollection', features: [...features] } : EMPTY_COLLECTION;
}

/**
 * The drawn area: its corners, the line through them, and, from three corners on, the closed shape.
 * Each corner is drawn on the world copy nearest the one before, so an area across ±180° stays whole.
 */
export function areaCollection(corners: readonly LatLng[]): FeatureCollection {
  if (corners.length === 0) return EMPTY_COLLECTION;
  const positions: [number, number][] = [];
  for (const corner of corners) {
    const previous = positions.at(-1);
    let lng = corner.lng;
    if (previous) {
      while (lng - previous[0] > 180) lng -= 360;
      while (lng - previous[0] < -180) lng += 360;
    }
    positions.push([lng, corner.lat]);
  }
  const features: Feature<Geometry>[] = positions.map((position) => ({ type: 'Feature', properties: { kind: 'corner' }, geometry: { type: 'Point', coordinates: position } }));
  if (positions.length >= 2) {
    const first = positions[0] as [number, number];
    const line: LineString = { type: 'LineString', coordinates: positions.length >= 3 ? [...positions, first] : positions };
    features.push({ type: 'Feature', properties: { kind: 'edge' }, geometry: line });
  }
  if (positions.length >= 3) {
    const shape: Polygon = { type: 'Polygon', coordinates: [[...positions, positions[0] as [number, number]]] };
    features.push({ type: 'Feature', properties: { kind: 'area' }, geometry: shape });
  }
  return { type: 'FeatureCollection', features };
}

export function pointsCollection(points: readonly LatLng[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: points.map((point) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [point.lng, point.lat] } })),
  };
}

/** The generator's own sources and layers on top of any base style, so a style swap keeps them. */
export function withGeneratorLayers(style: StyleSpecification, data: GeneratorLayerData): StyleSpecification {
  return {
    ...style,
    sources: {
      ...style.sources,
      [REGION_SOURCE_ID]: { type: 'geojson', data: data.region },
      [AREA_SOURCE_ID]: { type: 'geojson', data: data.area },
      [POINTS_SOURCE_ID]: { type: 'geojson', data: data.points },
    },
    layers: [
      ...style.layers.filter((layer) => !OWN_LAYERS.has(layer.id)),
      { id: REGION_FILL_LAYER_ID, type: 'fill', source: REGION_SOURCE_ID, paint: { 'fill-color': '#e40a0a', 'fill-opacity': 0.1 } },
      { id: REGION_LINE_LAYER_ID, type: 'line', source: REGION_SOURCE_ID, paint: { 'line-color': '#e40a0a', 'line-width': 2.5 } },
      {
        id: AREA_FILL_LAYER_ID,
        type: 'fill',
        source: AREA_SOURCE_ID,
        filter: ['==', ['get', 'kind'], 'area'],
        paint: { 'fill-color': '#2563eb', 'fill-opacity': 0.16 },
      },
      {
        id: AREA_LINE_LAYER_ID,
        type: 'line',
        source: AREA_SOURCE_ID,
        filter: ['==', ['get', 'kind'], 'edge'],
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': '#2563eb', 'line-width': 3 },
      },
      {
        id: AREA_CORNER_LAYER_ID,
        type: 'circle',
        source: AREA_SOURCE_ID,
        filter: ['==', ['get', 'kind'], 'corner'],
        paint: { 'circle-radius': 6, 'circle-color': '#ffffff', 'circle-stroke-color': '#2563eb', 'circle-stroke-width': 3 },
      },
      {
        id: POINTS_LAYER_ID,
        type: 'circle',
        source: POINTS_SOURCE_ID,
        paint: {
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 2, 3.5, 8, 6],
          'circle-color': '#13a34a',
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1.5,
        },
      },
    ],
  };
}
