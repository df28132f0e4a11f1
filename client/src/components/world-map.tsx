import 'maplibre-gl/dist/maplibre-gl.css';
import '../lib/map/maplibre-worker';
import './world-map.css';
import type { LatLng } from '@globetrail/contracts';
import type { FeatureCollection, LineString } from 'geojson';
import { useAtomValue, useSetAtom } from 'jotai';
import { LngLatBounds, Map as MaplibreMap, Marker, NavigationControl, type GeoJSONSource, type PaddingOptions, type StyleSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../lib/api/client-config';
import { buildOfflineStyle, LINE_SOURCE_ID, lineColorFor, withResultLine } from '../lib/map/map-styles';
import { useCountries } from '../lib/map/use-countries';
import { cycleMapTypeAtom, mapTypeAtom } from '../lib/settings/settings-atoms';

export interface MapMarker {
  id: string;
  kind: 'guess' | 'target';
  /** Longitude may lie outside ±180 to sit on the world copy next to another marker. */
  position: LatLng;
  label: string;
}

interface WorldMapProps {
  /** Accessible name of the map canvas. */
  label: string;
  markers: readonly MapMarker[];
  line?: readonly [LatLng, LatLng] | null;
  /** Points to frame; the view changes whenever their values change. */
  fitTo?: readonly LatLng[] | null;
  fitPadding?: PaddingOptions;
  onPick?: (at: LatLng) => void;
  showMapTypeButton?: boolean;
  className?: string;
}

const EMPTY_LINE: FeatureCollection<LineString> = { type: 'FeatureCollection', features: [] };

function lineCollection(line: readonly [LatLng, LatLng] | null | undefined): FeatureCollection<LineString> {
  if (!line) return EMPTY_LINE;
  return {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: line.map((p) => [p.lng, p.lat]) } }],
  };
}

/** The offline world map (maplibre-gl) shared by the guess map and the result map. */
export function WorldMap({ label, markers, line, fitTo, fitPadding, onPick, showMapTypeButton, className }: WorldMapProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MaplibreMap | null>(null);
  const markersRef = useRef(new Map<string, Marker>());
  const onPickRef = useRef(onPick);
  const lineRef = useRef(lineCollection(line));
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);

  const mapType = useAtomValue(mapTypeAtom);
  const cycleMapType = useSetAtom(cycleMapTypeAtom);
  const countries = useCountries().data ?? null;
  const onlineStyleUrl = useClientConfig().data?.onlineMapStyleUrl ?? null;
  const useOnline = mapType === 2 && onlineStyleUrl !== null;
  const styleKey = `${useOnline ? onlineStyleUrl : 'offline'}|${mapType}|${countries ? 'countries' : 'sea'}`;
  const appliedStyleKey = useRef(styleKey);

  onPickRef.current = onPick;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let map: MaplibreMap;
    try {
      map = new MaplibreMap({
        container,
        style: withResultLine(buildOfflineStyle(mapType, countries), lineRef.current, lineColorFor(mapType)),
        center: [10, 25],
        zoom: 0,
        minZoom: -1,
        maxZoom: 18,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        attributionControl: false,
        renderWorldCopies: true,
        locale: {
          'Map.Title': label,
          'NavigationControl.ZoomIn': t('map.zoomIn'),
          'NavigationControl.ZoomOut': t('map.zoomOut'),
          'NavigationControl.ResetBearing': t('map.resetNorth'),
          'AttributionControl.ToggleAttribution': t('map.attribution'),
          'Marker.Title': t('map.marker'),
          'CooperativeGesturesHandler.WindowsHelpText': t('map.ctrlScroll'),
          'CooperativeGesturesHandler.MacHelpText': t('map.cmdScroll'),
          'CooperativeGesturesHandler.MobileHelpText': t('map.twoFingers'),
        },
      });
    } catch {
      setFailed(true);
      return;
    }
    map.touchZoomRotate.disableRotation();
    map.keyboard.disableRotation();
    map.addControl(new NavigationControl({ showCompass: false }), 'top-left');
    map.on('load', () => setLoaded(true));
    map.on('click', (event) => {
      const wrapped = event.lngLat.wrap();
      onPickRef.current?.({ lat: Math.max(-90, Math.min(90, wrapped.lat)), lng: wrapped.lng });
    });
    // Keyboard players pan with the arrow keys (maplibre) and drop the marker at the centre with P.
    map.getCanvas().addEventListener('keydown', (event) => {
      if (event.key !== 'p' && event.key !== 'P') return;
      if (!onPickRef.current || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      const center = map.getCenter().wrap();
      onPickRef.current({ lat: center.lat, lng: center.lng });
    });
    mapRef.current = map;
    const markerMap = markersRef.current;
    return () => {
      markerMap.clear();
      mapRef.current = null;
      map.remove();
    };
    // The map is built once per mount; later changes go through the effects below.
  }, []);

  // Map type, online style or country data changed: swap the style, keeping the result line on top.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || appliedStyleKey.current === styleKey) return;
    appliedStyleKey.current = styleKey;
    const color = lineColorFor(mapType);
    const transformStyle = (_previous: StyleSpecification | undefined, next: StyleSpecification) => withResultLine(next, lineRef.current, color);
    // A diff needs a fully loaded style; otherwise maplibre rebuilds anyway (and warns about it).
    const diff = !useOnline && map.isStyleLoaded() === true;
    if (useOnline && onlineStyleUrl) map.setStyle(onlineStyleUrl, { transformStyle, diff: false });
    else map.setStyle(buildOfflineStyle(mapType, countries), { transformStyle, diff });
  }, [styleKey, mapType, countries, onlineStyleUrl, useOnline]);

  const lineKey = line ? JSON.stringify(line) : '';
  useEffect(() => {
    lineRef.current = lineCollection(line);
    const source = mapRef.current?.getSource(LINE_SOURCE_ID) as GeoJSONSource | undefined;
    source?.setData(lineRef.current);
    // lineKey stands for `line`'s value.
  }, [lineKey]);

  const markerKey = JSON.stringify(markers);
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const known = markersRef.current;
    const wanted = new Set(markers.map((marker) => marker.id));
    for (const [id, marker] of known) {
      if (!wanted.has(id)) {
        marker.remove();
        known.delete(id);
      }
    }
    for (const spec of markers) {
      const existing = known.get(spec.id);
      if (existing) {
        existing.setLngLat([spec.position.lng, spec.position.lat]);
        existing.getElement().setAttribute('aria-label', spec.label);
        continue;
      }
      const element = document.createElement('div');
      element.className = `map-marker map-marker--${spec.kind}`;
      element.setAttribute('role', 'img');
      element.setAttribute('aria-label', spec.label);
      element.dataset.testid = `marker-${spec.kind}`;
      const marker = new Marker({ element, anchor: 'bottom' }).setLngLat([spec.position.lng, spec.position.lat]).addTo(map);
      known.set(spec.id, marker);
    }
    // markerKey stands for `markers`' value.
  }, [markerKey]);

  const fitKey = fitTo && fitTo.length > 0 ? JSON.stringify(fitTo) : '';
  const paddingKey = JSON.stringify(fitPadding ?? null);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !fitTo || fitTo.length === 0) return;
    const bounds = new LngLatBounds();
    for (const point of fitTo) bounds.extend([point.lng, point.lat]);
    map.fitBounds(bounds, { padding: fitPadding ?? 60, maxZoom: 9, duration: loaded ? 600 : 0 });
    // fitKey and paddingKey stand for the values of fitTo and fitPadding.
  }, [fitKey, paddingKey]);

  const mapTypeNames = useMemo(() => [t('map.types.light'), t('map.types.dark'), useOnline ? t('map.types.online') : t('map.types.satellite')], [t, useOnline]);

  return (
    <div className={`world-map ${onPick ? 'world-map--pickable' : ''} ${className ?? ''}`} data-map-type={mapType} data-loaded={loaded || undefined}>
      <div ref={containerRef} className="world-map__canvas" />
      {failed && (
        <p className="world-map__error" role="alert">
          {t('map.webglUnavailable')}
        </p>
      )}
      {showMapTypeButton && !failed && (
        <button
          type="button"
          className="world-map__type-button"
          onClick={() => cycleMapType()}
          aria-label={t('map.changeType', { current: mapTypeNames[mapType] })}
          title={t('map.changeType', { current: mapTypeNames[mapType] })}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" width="18" height="18">
            <path d="M12 3 2 8l10 5 10-5-10-5Zm-7.6 9L2 13.2l10 5 10-5-2.4-1.2-7.6 3.8L4.4 12Zm0 4L2 17.2l10 5 10-5-2.4-1.2-7.6 3.8L4.4 16Z" fill="currentColor" />
          </svg>
        </button>
      )}
    </div>
  );
}
