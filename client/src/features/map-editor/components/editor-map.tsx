import 'maplibre-gl/dist/maplibre-gl.css';
import '../../../lib/map/maplibre-worker';
import '../../../components/world-map.css';
import type { LatLng, MapLocationInput } from '@globetrail/contracts';
import { useAtomValue } from 'jotai';
import { type GeoJSONSource, LngLatBounds, type Map as MaplibreMap, type MapMouseEvent, Marker, type StyleSpecification } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createFlatMap } from '../../../lib/map/flat-map';
import { buildOfflineStyle } from '../../../lib/map/map-styles';
import { useCountries } from '../../../lib/map/use-countries';
import { mapTypeAtom } from '../../../lib/settings/settings-atoms';
import { showClusterCounts } from './cluster-counts';
import { CLUSTER_LAYER_ID, LOCATIONS_SOURCE_ID, locationsCollection, POINT_LAYER_ID, withLocationLayers } from './editor-map-layers';

interface EditorMapProps {
  locations: readonly MapLocationInput[];
  selected: number | null;
  editable: boolean;
  /** A new value frames every location (the map opened, a file was imported). */
  frame: number;
  onAdd: (at: LatLng) => void;
  onSelect: (index: number | null) => void;
  onMove: (index: number, at: LatLng) => void;
}

/** How far from a point a click or a tap still takes it (a finger is wider than a pointer). */
const HIT_SLOP_PX = 10;

/**
 * The editor's map: a click on open ground adds a location, on a cluster zooms into it, on a location
 * selects it; the selected location is a marker that can be dragged (pointer or finger). With the map
 * focused, the arrow keys pan, + and − zoom, and P adds a location at the centre.
 */
export function EditorMap({ locations, selected, editable, frame, onAdd, onSelect, onMove }: EditorMapProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MaplibreMap | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const handlers = useRef({ onAdd, onSelect, onMove, editable, selected });
  handlers.current = { onAdd, onSelect, onMove, editable, selected };
  const dataRef = useRef(locationsCollection(locations));
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const mapType = useAtomValue(mapTypeAtom);
  const countries = useCountries().data ?? null;
  const styleKey = `${mapType}|${countries ? 'countries' : 'sea'}`;
  const appliedStyleKey = useRef(styleKey);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let map: MaplibreMap;
    try {
      map = createFlatMap({ container, style: withLocationLayers(buildOfflineStyle(mapType, countries), dataRef.current), label: t('mapEditor.map.label'), zoom: 0.6, maxZoom: 18, picker: () => undefined }, t);
    } catch {
      setFailed(true);
      return;
    }
    map.on('load', () => setLoaded(true));
    map.on('click', (event) => onMapClick(map, event));
    const hideClusterCounts = showClusterCounts(map);
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
      hideClusterCounts();
      markerRef.current?.remove();
      markerRef.current = null;
      mapRef.current = null;
      map.remove();
    };
    // One map per editor; the effects below keep it current.
  }, []);

  function onMapClick(map: MaplibreMap, event: MapMouseEvent) {
    // A click on the selected marker is the marker's, not the ground's under it.
    if (event.originalEvent.target instanceof Element && event.originalEvent.target.closest('.maplibregl-marker')) return;
    const { x, y } = event.point;
    const layers = [POINT_LAYER_ID, CLUSTER_LAYER_ID].filter((id) => map.getLayer(id));
    const hits = map.queryRenderedFeatures(
      [
        [x - HIT_SLOP_PX, y - HIT_SLOP_PX],
        [x + HIT_SLOP_PX, y + HIT_SLOP_PX],
      ],
      { layers },
    );
    const point = nearest(map, event, hits.filter((hit) => hit.layer.id === POINT_LAYER_ID));
    if (point) {
      handlers.current.onSelect(point.properties.index as number);
      return;
    }
    const cluster = nearest(map, event, hits.filter((hit) => hit.layer.id === CLUSTER_LAYER_ID));
    if (cluster) {
      const center = (cluster.geometry as GeoJSON.Point).coordinates as [number, number];
      void (map.getSource(LOCATIONS_SOURCE_ID) as GeoJSONSource).getClusterExpansionZoom(cluster.properties.cluster_id as number).then((zoom) => map.easeTo({ center, zoom: Math.min(zoom, map.getMaxZoom()) }));
      return;
    }
    if (!handlers.current.editable) {
      handlers.current.onSelect(null);
      return;
    }
    const at = event.lngLat.wrap();
    handlers.current.onAdd({ lat: at.lat, lng: at.lng });
  }

  useEffect(() => {
    const map = mapRef.current;
    if (!map || appliedStyleKey.current === styleKey) return;
    appliedStyleKey.current = styleKey;
    const transformStyle = (_previous: StyleSpecification | undefined, next: StyleSpecification) => withLocationLayers(next, dataRef.current);
    map.setStyle(buildOfflineStyle(mapType, countries), { transformStyle, diff: map.isStyleLoaded() === true });
  }, [styleKey, mapType, countries]);

  useEffect(() => {
    dataRef.current = locationsCollection(locations);
    (mapRef.current?.getSource(LOCATIONS_SOURCE_ID) as GeoJSONSource | undefined)?.setData(dataRef.current);
  }, [locations]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || frame === 0 || locations.length === 0) return;
    const bounds = new LngLatBounds();
    for (const location of locations) bounds.extend([location.lng, location.lat]);
    map.fitBounds(bounds, { padding: 48, maxZoom: 11, duration: 0 });
    // Only a new frame request moves the view: adding and moving locations never does.
  }, [frame]);

  const selectedLocation = selected === null ? null : (locations[selected] ?? null);
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (selected === null || !selectedLocation) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    let marker = markerRef.current;
    if (!marker) {
      marker = new Marker({ color: '#ffd166', draggable: editable });
      marker.getElement().dataset.testid = 'editor-selected-marker';
      marker.on('dragend', () => {
        const index = handlers.current.selected;
        const at = marker!.getLngLat().wrap();
        if (index !== null) handlers.current.onMove(index, { lat: at.lat, lng: at.lng });
      });
      markerRef.current = marker;
    }
    marker.setDraggable(editable).setLngLat([selectedLocation.lng, selectedLocation.lat]).addTo(map);
    marker.getElement().setAttribute('aria-label', t(editable ? 'mapEditor.map.selectedDraggable' : 'mapEditor.map.selected', { number: selected + 1 }));
    if (!map.getBounds().contains([selectedLocation.lng, selectedLocation.lat])) map.easeTo({ center: [selectedLocation.lng, selectedLocation.lat] });
  }, [selected, selectedLocation?.lat, selectedLocation?.lng, editable, t]);

  return (
    <div
      className={`world-map editor-map ${editable ? 'world-map--pickable' : ''}`}
      data-map-type={mapType}
      data-loaded={loaded || undefined}
      data-testid="editor-map"
      data-locations={locations.length}
      data-selected={selected ?? undefined}
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

/** The hit closest to where the click landed. */
function nearest<T extends { geometry: GeoJSON.Geometry }>(map: MaplibreMap, event: MapMouseEvent, hits: T[]): T | undefined {
  let best: T | undefined;
  let bestDistance = Infinity;
  for (const hit of hits) {
    if (hit.geometry.type !== 'Point') continue;
    const [lng = 0, lat = 0] = hit.geometry.coordinates;
    const at = map.project([lng, lat]);
    const distance = Math.hypot(at.x - event.point.x, at.y - event.point.y);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = hit;
    }
  }
  return best;
}
