import 'maplibre-gl/dist/maplibre-gl.css';
import '../../../lib/map/maplibre-worker';
import '../../../components/world-map.css';
import type { MapBounds } from '@globetrail/contracts';
import type { FeatureCollection } from 'geojson';
import { useAtomValue } from 'jotai';
import type { Map as MaplibreMap, StyleSpecification } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createFlatMap } from '../../../lib/map/flat-map';
import { buildOfflineStyle } from '../../../lib/map/map-styles';
import { useCountries } from '../../../lib/map/use-countries';
import { mapTypeAtom } from '../../../lib/settings/settings-atoms';

const EXTENT_SOURCE_ID = 'map-extent';

/** The box as a polygon; one across the antimeridian runs east past 180° so it is drawn whole. */
function extentCollection(bounds: MapBounds | null): FeatureCollection {
  if (!bounds) return { type: 'FeatureCollection', features: [] };
  const east = bounds.east < bounds.west ? bounds.east + 360 : bounds.east;
  const ring = [
    [bounds.west, bounds.south],
    [east, bounds.south],
    [east, bounds.north],
    [bounds.west, bounds.north],
    [bounds.west, bounds.south],
  ];
  return { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }] };
}

function withExtent(style: StyleSpecification, bounds: MapBounds | null): StyleSpecification {
  return {
    ...style,
    sources: { ...style.sources, [EXTENT_SOURCE_ID]: { type: 'geojson', data: extentCollection(bounds) } },
    layers: [
      ...style.layers.filter((layer) => !layer.id.startsWith(EXTENT_SOURCE_ID)),
      { id: `${EXTENT_SOURCE_ID}-fill`, type: 'fill', source: EXTENT_SOURCE_ID, paint: { 'fill-color': '#e40a0a', 'fill-opacity': 0.12 } },
      { id: `${EXTENT_SOURCE_ID}-line`, type: 'line', source: EXTENT_SOURCE_ID, paint: { 'line-color': '#e40a0a', 'line-width': 2 } },
    ],
  };
}

/**
 * Where a map's locations lie: its box (widened by the server to whole half degrees), or the whole world
 * for a map without one or spanning most of it. It never shows the locations: they are the answers.
 */
export function MapExtent({ bounds, label, worldWide }: { bounds: MapBounds | null; label: string; worldWide: boolean }) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MaplibreMap | null>(null);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const mapType = useAtomValue(mapTypeAtom);
  const countries = useCountries().data ?? null;
  const shown = worldWide ? null : bounds;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let map: MaplibreMap;
    try {
      map = createFlatMap({ container, style: withExtent(buildOfflineStyle(mapType, countries), shown), label, zoom: 0.3, maxZoom: 12, picker: () => undefined }, t);
    } catch {
      setFailed(true);
      return;
    }
    map.on('load', () => setLoaded(true));
    if (shown) {
      const east = shown.east < shown.west ? shown.east + 360 : shown.east;
      map.fitBounds([shown.west, shown.south, east, shown.north], { padding: 28, maxZoom: 9, duration: 0 });
    }
    mapRef.current = map;
    return () => {
      mapRef.current = null;
      map.remove();
    };
    // One map per page; the style follows below.
  }, []);

  useEffect(() => {
    mapRef.current?.setStyle(withExtent(buildOfflineStyle(mapType, countries), shown), { diff: true });
  }, [mapType, countries, shown]);

  return (
    <div className="world-map map-extent" data-map-type={mapType} data-loaded={loaded || undefined} data-testid="map-extent">
      <div ref={containerRef} className="world-map__canvas" />
      {failed && (
        <p className="world-map__error" role="alert">
          {t('map.webglUnavailable')}
        </p>
      )}
    </div>
  );
}
