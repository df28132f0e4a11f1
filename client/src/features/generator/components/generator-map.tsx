import 'maplibre-gl/dist/maplibre-gl.css';
import '../../../lib/map/maplibre-worker';
import '../../../components/world-map.css';
import type { LatLng } from '@globetrail/contracts';
import { useAtomValue } from 'jotai';
import type { GeoJSONSource, Map as MaplibreMap, StyleSpecification } from 'maplibre-gl';
import { createFlatMap } from '../../../lib/map/flat-map';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildOfflineStyle } from '../../../lib/map/map-styles';
import { useCountries } from '../../../lib/map/use-countries';
import { mapTypeAtom } from '../../../lib/settings/settings-atoms';
import type { Bounds, CountryFeature } from '../hooks/use-region-outline';
import {
  AREA_SOURCE_ID,
  areaCollection,
  POINTS_LAYER_ID,
  POINTS_SOURCE_ID,
  pointsCollection,
  REGION_SOURCE_ID,
  regionCollection,
  withGeneratorLayers,
  type GeneratorLayerData,
} from './generator-map-layers';

interface GeneratorMapProps {
  /** Accessible name of the map canvas. */
  label: string;
  region: readonly CountryFeature[] | null;
  /** Framed whenever its value changes. */
  bounds: Bounds | null;
  corners: readonly LatLng[];
  points: readonly LatLng[];
  /** Set while corners may be added: a click (or P on the focused map) adds one. */
  onAddCorner?: ((at: LatLng) => void) | undefined;
}

/**
 * The generator's offline map: the country's outline or the area being drawn, and the found pictures as
 * dots. The dots are one GeoJSON source updated in place, so hundreds of them cost one draw.
 */
export function GeneratorMap({ label, region, bounds, corners, points, onAddCorner }: GeneratorMapProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MaplibreMap | null>(null);
  const onAddCornerRef = useRef(onAddCorner);
  const dataRef = useRef<GeneratorLayerData>({ region: regionCollection(region), area: areaCollection(corners), points: pointsCollection(points) });
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [drawnPoints, setDrawnPoints] = useState(0);

  const mapType = useAtomValue(mapTypeAtom);
  const countries = useCountries().data ?? null;
  const styleKey = `${mapType}|${countries ? 'countries' : 'sea'}`;
  const appliedStyleKey = useRef(styleKey);

  onAddCornerRef.current = onAddCorner;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let map: MaplibreMap;
    try {
      map = createFlatMap(
        {
          container,
          style: withGeneratorLayers(buildOfflineStyle(mapType, countries), dataRef.current),
          label,
          zoom: 0.6,
          maxZoom: 16,
          picker: () => onAddCornerRef.current,
        },
        t,
      );
    } catch {
      setFailed(true);
      return;
    }
    map.on('load', () => setLoaded(true));
    // What is on screen, not only what was handed over: counted once each render settles.
    map.on('idle', () => {
      if (!map.getLayer(POINTS_LAYER_ID)) return;
      setDrawnPoints(map.queryRenderedFeatures({ layers: [POINTS_LAYER_ID] }).length);
    });
    mapRef.current = map;
    return () => {
      mapRef.current = null;
      map.remove();
    };
    // Built once per mount; later changes go through the effects below.
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || appliedStyleKey.current === styleKey) return;
    appliedStyleKey.current = styleKey;
    const transformStyle = (_previous: StyleSpecification | undefined, next: StyleSpecification) => withGeneratorLayers(next, dataRef.current);
    map.setStyle(buildOfflineStyle(mapType, countries), { transformStyle, diff: map.isStyleLoaded() === true });
  }, [styleKey, mapType, countries]);

  useEffect(() => {
    dataRef.current.region = regionCollection(region);
    (mapRef.current?.getSource(REGION_SOURCE_ID) as GeoJSONSource | undefined)?.setData(dataRef.current.region);
  }, [region]);

  const cornersKey = JSON.stringify(corners);
  useEffect(() => {
    dataRef.current.area = areaCollection(corners);
    (mapRef.current?.getSource(AREA_SOURCE_ID) as GeoJSONSource | undefined)?.setData(dataRef.current.area);
    // cornersKey stands for the corners' value.
  }, [cornersKey]);

  const pointsKey = JSON.stringify(points);
  useEffect(() => {
    dataRef.current.points = pointsCollection(points);
    (mapRef.current?.getSource(POINTS_SOURCE_ID) as GeoJSONSource | undefined)?.setData(dataRef.current.points);
    // pointsKey stands for the points' value.
  }, [pointsKey]);

  const boundsKey = bounds ? bounds.join(',') : '';
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !bounds) return;
    map.fitBounds([bounds[0], bounds[1], bounds[2], bounds[3]], { padding: 32, maxZoom: 8, duration: loaded ? 600 : 0 });
    // boundsKey stands for the bounds' value.
  }, [boundsKey]);

  return (
    <div
      className={`world-map generator-map ${onAddCorner ? 'world-map--pickable' : ''}`}
      data-map-type={mapType}
      data-loaded={loaded || undefined}
      data-testid="generator-map"
      data-points={points.length}
      data-drawn-points={drawnPoints}
      data-corners={corners.length}
    >
      <div ref={containerRef} className="world-map__canvas" />
      {failed && (
        <p className="world-map__error" role="alert">
          {t('map.webglUnavailable')}
        </p>
      )}
    </div>
  );
}
