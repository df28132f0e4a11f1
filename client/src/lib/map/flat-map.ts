import type { LatLng } from '@globetrail/contracts';
import type { TFunction } from 'i18next';
import { Map as MaplibreMap, NavigationControl, type StyleSpecification } from 'maplibre-gl';

export interface FlatMapOptions {
  container: HTMLElement;
  style: StyleSpecification;
  /** The map's accessible name. */
  label: string;
  zoom: number;
  maxZoom: number;
  /** Translations of maplibre's own texts beyond the title and the zoom buttons. */
  locale?: Record<string, string>;
  renderWorldCopies?: boolean;
  /**
   * Who takes a point the player picks (a click or tap, or P for the centre when the keyboard steers),
   * read at each pick so a component can swap it without rebuilding the map; none: picking does nothing.
   */
  picker: () => ((at: LatLng) => void) | undefined;
}

/**
 * The flat maps of the game (the guess and result map, the generator's map): north up (no rotation or
 * pitch), zoom buttons, and points picked by pointer or keyboard. Throws when maplibre cannot start
 * (no WebGL): the caller shows its own error.
 */
export function createFlatMap(options: FlatMapOptions, t: TFunction): MaplibreMap {
  const map = new MaplibreMap({
    container: options.container,
    style: options.style,
    center: [10, 25],
    zoom: options.zoom,
    minZoom: -1,
    maxZoom: options.maxZoom,
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    attributionControl: false,
    ...(options.renderWorldCopies === undefined ? {} : { renderWorldCopies: options.renderWorldCopies }),
    locale: {
      'Map.Title': options.label,
      'NavigationControl.ZoomIn': t('map.zoomIn'),
      'NavigationControl.ZoomOut': t('map.zoomOut'),
      'NavigationControl.ResetBearing': t('map.resetNorth'),
      ...options.locale,
    },
  });
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
  map.addControl(new NavigationControl({ showCompass: false }), 'top-left');
  map.on('click', (event) => {
    const wrapped = event.lngLat.wrap();
    options.picker()?.({ lat: Math.max(-90, Math.min(90, wrapped.lat)), lng: wrapped.lng });
  });
  // Keyboard players pan with the arrow keys (maplibre) and pick the centre with P.
  map.getCanvas().addEventListener('keydown', (event) => {
    if (event.key !== 'p' && event.key !== 'P') return;
    const pick = options.picker();
    if (!pick || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const center = map.getCenter().wrap();
    pick({ lat: center.lat, lng: center.lng });
  });
  return map;
}
