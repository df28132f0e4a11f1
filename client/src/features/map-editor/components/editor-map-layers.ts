import type { MapLocationInput } from '@globetrail/contracts';
import type { FeatureCollection, Point } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';

export const LOCATIONS_SOURCE_ID = 'editor-locations';
export const CLUSTER_LAYER_ID = 'editor-clusters';
export const POINT_LAYER_ID = 'editor-points';
const CLUSTER_RING_LAYER_ID = 'editor-cluster-rings';
const OWN_LAYERS = new Set([CLUSTER_RING_LAYER_ID, CLUSTER_LAYER_ID, POINT_LAYER_ID]);

/** Each location a point carrying its index, so a click on it names the location. */
export function locationsCollection(locations: readonly MapLocationInput[]): FeatureCollection<Point, { index: number }> {
  return {
    type: 'FeatureCollection',
    features: locations.map((location, index) => ({ type: 'Feature', properties: { index }, geometry: { type: 'Point', coordinates: [location.lng, location.lat] } })),
  };
}

/**
 * The locations on top of any base style (so a map-type switch keeps them), clustered: 10,000 locations
 * are a few dozen circles until zoomed in, and every frame stays one cheap draw. The style has no glyphs
 * (it is drawn offline), so a cluster tells its size by its radius and colour rather than a number.
 */
export function withLocationLayers(style: StyleSpecification, data: FeatureCollection<Point>): StyleSpecification {
  return {
    ...style,
    sources: { ...style.sources, [LOCATIONS_SOURCE_ID]: { type: 'geojson', data, cluster: true, clusterRadius: 42, clusterMaxZoom: 12 } },
    layers: [
      ...style.layers.filter((layer) => !OWN_LAYERS.has(layer.id)),
      {
        id: CLUSTER_RING_LAYER_ID,
        type: 'circle',
        source: LOCATIONS_SOURCE_ID,
        filter: ['has', 'point_count'],
        paint: {
          'circle-color': ['step', ['get', 'point_count'], '#f97316', 50, '#e40a0a', 500, '#9f1239'],
          'circle-opacity': 0.25,
          'circle-radius': ['step', ['get', 'point_count'], 16, 10, 20, 50, 25, 500, 31, 2000, 37],
        },
      },
      {
        id: CLUSTER_LAYER_ID,
        type: 'circle',
        source: LOCATIONS_SOURCE_ID,
        filter: ['has', 'point_count'],
        paint: {
          'circle-color': ['step', ['get', 'point_count'], '#f97316', 50, '#e40a0a', 500, '#9f1239'],
          'circle-radius': ['step', ['get', 'point_count'], 10, 10, 13, 50, 17, 500, 22, 2000, 27],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      },
      {
        id: POINT_LAYER_ID,
        type: 'circle',
        source: LOCATIONS_SOURCE_ID,
        filter: ['!', ['has', 'point_count']],
        paint: {
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 2, 5, 10, 7],
          'circle-color': '#13a34a',
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      },
    ],
  };
}
