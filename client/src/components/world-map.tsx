import 'maplibre-gl/dist/maplibre-gl.css';
import '../lib/map/maplibre-worker';
import './world-map.css';
import type { LatLng } from '@globetrail/contracts';
import type { FeatureCollection, LineString } from 'geojson';
import { useAtomValue, useSetAtom } from 'jotai';
import { LngLatBounds, type Map as MaplibreMap, Marker, type GeoJSONSource, type PaddingOptions, type StyleSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../lib/api/client-config';
import { createFlatMap } from '../lib/map/flat-map';
import { geoCircle } from '../lib/map/geo-circle';
import { buildOfflineStyle, CIRCLE_SOURCE_ID, EMPTY_CIRCLES, LINE_SOURCE_ID, lineColorFor, withoutLabels, withResultLine, type CircleCollection } from '../lib/map/map-styles';
import { useCountries } from '../lib/map/use-countries';
import { cycleMapTypeAtom, mapTypeAtom } from '../lib/settings/settings-atoms';

export interface MapMarker {
  id: string;
  /** guess: the player's own; player: someone else's guess; target: the real location. */
  kind: 'guess' | 'target' | 'player';
  /** Longitude may lie outside ±180 to sit on the world copy next to another marker. */
  position: LatLng;
  label: string;
  /** A visible caption under the marker (a player's name on a shared result map). */
  caption?: string;
  /** One of the player colours (0–7), so a marker and its circle match. */
  tone?: number;
}

export interface MapCircle {
  id: string;
  center: LatLng;
  radiusMeters: number;
  tone?: number;
  /** A distance ring (setting "show rings"): an outline only. */
  ring?: boolean;
}

/** Player colours for markers and circles (0 is the brand red, the own guess). */
export const PLAYER_TONES = ['#e40a0a', '#2563eb', '#f59e0b', '#9333ea', '#0d9488', '#db2777', '#65a30d', '#0891b2'] as const;
export const toneColor = (tone: number | undefined) => PLAYER_TONES[(tone ?? 0) % PLAYER_TONES.length] ?? PLAYER_TONES[0];

interface WorldMapProps {
  /** Accessible name of the map canvas. */
  label: string;
  markers: readonly MapMarker[];
  line?: readonly [LatLng, LatLng] | null;
  /** More lines (every player's guess to the target). */
  lines?: readonly (readonly [LatLng, LatLng])[] | null;
  circles?: readonly MapCircle[] | null;
  /** Points to frame; the view changes whenever their values change. */
  fitTo?: readonly LatLng[] | null;
  fitPadding?: PaddingOptions;
  onPick?: (at: LatLng) => void;
  showMapTypeButton?: boolean;
  className?: string;
  /** Street and place names of an online style (setting "street names"); the offline map has none. */
  labels?: boolean;
}

const EMPTY_LINE: FeatureCollection<LineString> = { type: 'FeatureCollection', features: [] };

function lineCollection(lines: readonly (readonly [LatLng, LatLng])[]): FeatureCollection<LineString> {
  if (lines.length === 0) return EMPTY_LINE;
  return {
    type: 'FeatureCollection',
    features: lines.map((line) => ({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: line.map((p) => [p.lng, p.lat]) } })),
  };
}

function circleCollection(circles: readonly MapCircle[] | null | undefined): CircleCollection {
  if (!circles || circles.length === 0) return EMPTY_CIRCLES;
  return {
    type: 'FeatureCollection',
    features: circles.map((circle) => ({ type: 'Feature', properties: { color: toneColor(circle.tone), ring: circle.ring === true }, geometry: geoCircle(circle.center, circle.radiusMeters) })),
  };
}

function styleMarker(element: HTMLElement, spec: MapMarker): void {
  element.className = `map-marker map-marker--${spec.kind}`;
  element.setAttribute('aria-label', spec.label);
  element.dataset.testid = `marker-${spec.kind}`;
  if (spec.tone !== undefined) element.style.setProperty('--marker-color', toneColor(spec.tone));
  else element.style.removeProperty('--marker-color');
  let caption = element.querySelector<HTMLElement>('.map-marker__caption');
  if (spec.caption) {
    if (!caption) {
      caption = document.createElement('span');
      caption.className = 'map-marker__caption';
      caption.setAttribute('aria-hidden', 'true');
      element.append(caption);
    }
    caption.textContent = spec.caption;
  } else caption?.remove();
}

/** The offline world map (maplibre-gl) shared by the guess map and the result map. */
export function WorldMap({ label, markers, line, lines, circles, fitTo, fitPadding, onPick, showMapTypeButton, className, labels = true }: WorldMapProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MaplibreMap | null>(null);
  const markersRef = useRef(new Map<string, Marker>());
  const onPickRef = useRef(onPick);
  const allLines = [...(line ? [line] : []), ...(lines ?? [])];
  const lineRef = useRef(lineCollection(allLines));
  const circleRef = useRef(circleCollection(circles));
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);

  const mapType = useAtomValue(mapTypeAtom);
  const cycleMapType = useSetAtom(cycleMapTypeAtom);
  const countries = useCountries().data ?? null;
  const onlineStyleUrl = useClientConfig().data?.onlineMapStyleUrl ?? null;
  const useOnline = mapType === 2 && onlineStyleUrl !== null;
  const styleKey = `${useOnline ? onlineStyleUrl : 'offline'}|${mapType}|${countries ? 'countries' : 'sea'}|${labels ? 'labels' : 'no-labels'}`;
  const appliedStyleKey = useRef(styleKey);

  onPickRef.current = onPick;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let map: MaplibreMap;
    try {
      map = createFlatMap(
        {
          container,
          style: withResultLine(buildOfflineStyle(mapType, countries), lineRef.current, lineColorFor(mapType), circleRef.current),
          label,
          zoom: 0,
          maxZoom: 18,
          renderWorldCopies: true,
          locale: {
            'AttributionControl.ToggleAttribution': t('map.attribution'),
            'Marker.Title': t('map.marker'),
            'CooperativeGesturesHandler.WindowsHelpText': t('map.ctrlScroll'),
            'CooperativeGesturesHandler.MacHelpText': t('map.cmdScroll'),
            'CooperativeGesturesHandler.MobileHelpText': t('map.twoFingers'),
          },
          picker: () => onPickRef.current,
        },
        t,
      );
    } catch {
      setFailed(true);
      return;
    }
    map.on('load', () => setLoaded(true));
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
    const transformStyle = (_previous: StyleSpecification | undefined, next: StyleSpecification) =>
      withResultLine(labels ? next : withoutLabels(next), lineRef.current, color, circleRef.current);
    // A diff needs a fully loaded style; otherwise maplibre rebuilds anyway (and warns about it).
    const diff = !useOnline && map.isStyleLoaded() === true;
    if (useOnline && onlineStyleUrl) map.setStyle(onlineStyleUrl, { transformStyle, diff: false });
    else map.setStyle(buildOfflineStyle(mapType, countries), { transformStyle, diff });
  }, [styleKey, mapType, countries, onlineStyleUrl, useOnline, labels]);

  const lineKey = JSON.stringify(allLines);
  useEffect(() => {
    lineRef.current = lineCollection(allLines);
    const source = mapRef.current?.getSource(LINE_SOURCE_ID) as GeoJSONSource | undefined;
    source?.setData(lineRef.current);
    // lineKey stands for the lines' value.
  }, [lineKey]);

  const circleKey = JSON.stringify(circles ?? []);
  useEffect(() => {
    circleRef.current = circleCollection(circles);
    const source = mapRef.current?.getSource(CIRCLE_SOURCE_ID) as GeoJSONSource | undefined;
    source?.setData(circleRef.current);
    // circleKey stands for `circles`' value.
  }, [circleKey]);

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
        styleMarker(existing.getElement(), spec);
        continue;
      }
      const element = document.createElement('div');
      element.setAttribute('role', 'img');
      styleMarker(element, spec);
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
