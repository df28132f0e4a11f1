import 'maplibre-gl/dist/maplibre-gl.css';
import '../../../lib/map/maplibre-worker';
import '../../../components/world-map.css';
import type { LatLng, MapLocationInput } from '@globetrail/contracts';
import type { FeatureCollection, Point } from 'geojson';
import { useAtomValue } from 'jotai';
import { type GeoJSONSource, type Map as MaplibreMap, Marker, type StyleSpecification } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createFlatMap } from '../../../lib/map/flat-map';
import { buildOfflineStyle } from '../../../lib/map/map-styles';
import { useCountries } from '../../../lib/map/use-countries';
import { mapTypeAtom } from '../../../lib/settings/settings-atoms';

const SOURCE_ID = 'editor-locations';
const CLUSTER_LAYER_ID = 'editor-clusters';
const POINT_LAYER_ID = 'editor-points';
const OWN_LAYERS = new Set([CLUSTER_LAYER_ID, POINT_LAYER_ID]);

interface EditorMapProps {
  locations: readonly MapLocationInput[];
  selected: number | null;
  editable: boolean;
  onAdd: (at: LatLng) => void;
  onSelect: (index: number | null) => void;
  onMove: (index: number, at: LatLng) => void;
}

function collection(locations: readonly MapLocationInput[]): FeatureCollection<Point> {
  return { type: 'FeatureCollection', features: locations.map((location, index) => ({ type: 'Feature', properties: { index }, geometry: { type: 'Point', coordinates: [location.lng, location.lat] } })) };
}

/** Clusters keep 10,000 locations one cheap draw; each location alone once zoomed in. */
function withLocations(style: StyleSpecification, data: FeatureCollection<Point>): StyleSpecification {
  return {
    ...style,
    sources: { ...style.sources, [SOURCE_ID]: { type: 'geojson', data, cluster: true, clusterRadius: 40, clusterMaxZoom: 11 } },
    layers: [
      ...style.layers.filter((layer) => !OWN_LAYERS.has(layer.id)),
      {
        id: CLUSTER_LAYER_ID,
        type: 'circle',
        source: SOURCE_ID,
        filter: ['has', 'point_count'],
        paint: {
          'circle-color': '#e40a0a',
          'circle-opacity': 0.75,
          'circle-radius': ['step', ['get', 'point_count'], 10, 10, 14, 100, 19, 1000, 25],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      },
      {
        id: POINT_LAYER_ID,
        type: 'circle',
        source: SOURCE_ID,
        filter: ['!', ['has', 'point_count']],
        paint: { 'circle-radius': 6, 'circle-color': '#13a34a', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
      },
    ],
  };
}

/**
 * The editor's map: a click on empty ground adds a location, on a cluster zooms into it, on a location
 * selects it; the selected one is a marker that can be dragged. P adds one at the centre (keyboard).
 */
export function EditorMap({ locations, selected, editable, onAdd, onSelect, onMove }: EditorMapProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MaplibreMap | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const handlers = useRef({ onAdd, onSelect, onMove, editable });
  handlers.current = { onAdd, onSelect, onMove, editable };
  const dataRef = useRef(collection(locations));
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const mapType = useAtomValue(mapTypeAtom);
  const countries = useCountries().data ?? null;
  const framed = useRef(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let map: MaplibreMap;
    try {
      map = createFlatMap({ container, style: withLocations(buildOfflineStyle(mapType, countries), dataRef.current), label: t('mapEditor.mapLabel'), zoom: 0.6, maxZoom: 18, picker: () => undefined }, t);
    } catch {
      setFailed(true);
      return;
    }
    map.on('load', () => setLoaded(true));
    map.on('click', (event) => {
      const hits = map.queryRenderedFeatures(event.point, { layers: [CLUSTER_LAYER_ID, POINT_LAYER_ID].filter((id) => map.getLayer(id)) });
      const hit = hits[0];
      if (hit?.layer.id === CLUSTER_LAYER_ID) {
        const source = map.getSource(SOURCE_ID) as GeoJSONSource;
        void source.getClusterExpansionZoom(hit.properties.cluster_id as number).then((zoom) => map.easeTo({ center: (hit.geometry as Point).coordinates as [number, number], zoom }));
        return;
      }
      if (hit?.layer.id === POINT_LAYER_ID) {
        handlers.current.onSelect(hit.properties.index as number);
        return;
      }
      if (!handlers.current.editable) return handlers.current.onSelect(null);
      const at = event.lngLat.wrap();
      handlers.current.onAdd({ lat: Math.max(-85, Math.min(85, at.lat)), lng: at.lng });
    });
    for (const layer of [CLUSTER_LAYER_ID, POINT_LAYER_ID]) {
      map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
      map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''));
    }
    map.getCanvas().addEventListener('keydown', (event) => {
      if ((event.key !== 'p' && event.key !== 'P') || event.altKey || event.ctrlKey || event.metaKey || !handlers.current.editable) return;
      event.preventDefault();
      const center = map.getCenter().wrap();
      handlers.current.onAdd({ lat: center.lat, lng: center.lng });
    });
    mapRef.current = map;
    return () => {
      markerRef.current?.remove();
      markerRef.current = null;
      mapRef.current = null;
      map.remove();
    };
    // One map per editor; the effects below keep it current.
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const transformStyle = (_previous: StyleSpecification | undefined, next: StyleSpecification) => withLocations(next, dataRef.current);
    map.setStyle(buildOfflineStyle(mapType, countries), { transformStyle, diff: map.isStyleLoaded() === true });
  }, [mapType, countries]);

  useEffect(() => {
    dataRef.current = collection(locations);
    const map = mapRef.current;
    (map?.getSource(SOURCE_ID) as GeoJSONSource | undefined)?.setData(dataRef.current);
    // Frame a loaded map's locations once, when they first arrive.
    if (map && !framed.current && locations.length > 0) {
      framed.current = true;
      const lats = locations.map((location) => location.lat);
      const lngs = locations.map((location) => location.lng);
      map.fitBounds([Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)], { padding: 48, maxZoom: 10, duration: 0 });
    }
  }, [locations]);

  const selectedLocation = selected === null ? null : (locations[selected] ?? null);
  useEffect(() => {
    const map = mapRef.current;
    markerRef.current?.remove();
    markerRef.current = null;
    if (!map || selected === null || !selectedLocation) return;
    const marker = new Marker({ color: '#ffd166', draggable: editable }).setLngLat([selectedLocation.lng, selectedLocation.lat]).addTo(map);
    marker.getElement().setAttribute('aria-label', t('mapEditor.selectedMarker', { number: selected + 1 }));
    marker.getElement().dataset.testid = 'editor-selected-marker';
    marker.on('dragend', () => {
      const at = marker.getLngLat().wrap();
      handlers.current.onMove(selected, { lat: at.lat, lng: at.lng });
    });
    markerRef.current = marker;
    if (!map.getBounds().contains([selectedLocation.lng, selectedLocation.lat])) map.easeTo({ center: [selectedLocation.lng, selectedLocation.lat] });
  }, [selected, selectedLocation?.lat, selectedLocation?.lng, editable]);

  return (
    <div className={`world-map editor-map ${editable ? 'world-map--pickable' : ''}`} data-map-type={mapType} data-loaded={loaded || undefined} data-testid="editor-map" data-locations={locations.length}>
      <div ref={containerRef} className="world-map__canvas" />
      {failed && (
        <p className="world-map__error" role="alert">
          {t('map.webglUnavailable')}
        </p>
      )}
    </div>
  );
}
