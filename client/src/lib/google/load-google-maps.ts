/**
 * Google's Maps JavaScript API, loaded on demand for rounds on Google Street View (Google's terms want its
 * pictures shown by its own viewer). Only the calls this client makes are declared here, rather than
 * pulling in all of @types/google.maps.
 */
export interface StreetViewPanoramaOptions {
  pano: string;
  pov: { heading: number; pitch: number };
  addressControl: boolean;
  showRoadLabels: boolean;
  linksControl: boolean;
  fullscreenControl: boolean;
  motionTracking: boolean;
}

export interface StreetViewPanorama {
  addListener(event: 'status_changed', handler: () => void): { remove(): void };
  /** 'OK' once the panorama is shown; 'ZERO_RESULTS' or 'UNKNOWN_ERROR' when it cannot be. */
  getStatus(): string;
}

export interface GoogleMaps {
  StreetViewPanorama: new (container: HTMLElement, options: StreetViewPanoramaOptions) => StreetViewPanorama;
}

interface GoogleMapsWindow {
  google?: { maps?: GoogleMaps };
  /** Google calls this global when it refuses the key (wrong key, referrer not allowed, API not enabled). */
  gm_authFailure?: () => void;
  [callback: string]: unknown;
}

const SCRIPT_URL = 'https://maps.googleapis.com/maps/api/js';
const READY_CALLBACK = '__globetrailGoogleMapsReady';
/** Without an answer by then (a blocked or stalled script), the viewer shows its error with a retry. */
const LOAD_TIMEOUT_MS = 20_000;

let loading: Promise<GoogleMaps> | null = null;
let keyRefused = false;
const refusalListeners = new Set<() => void>();

const globals = () => window as unknown as GoogleMapsWindow;

/** Loads the API once per page; a failed load is forgotten, so a retry loads it again. */
export function loadGoogleMaps(key: string, language: string): Promise<GoogleMaps> {
  const loaded = globals().google?.maps;
  if (loaded?.StreetViewPanorama) return Promise.resolve(loaded);
  loading ??= new Promise<GoogleMaps>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (reason: string) => {
      clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail('the Maps JavaScript API did not load in time'), LOAD_TIMEOUT_MS);
    globals()[READY_CALLBACK] = () => {
      clearTimeout(timer);
      const maps = globals().google?.maps;
      if (maps?.StreetViewPanorama) resolve(maps);
      else fail('the Maps JavaScript API loaded without Street View');
    };
    globals().gm_authFailure = () => {
      keyRefused = true;
      for (const listener of refusalListeners) listener();
    };
    const query = new URLSearchParams({ key, callback: READY_CALLBACK, loading: 'async', language });
    script.src = `${SCRIPT_URL}?${query}`;
    script.async = true;
    script.onerror = () => fail('the Maps JavaScript API could not be loaded');
    document.head.append(script);
  });
  return loading;
}

/** Calls `listener` when Google refuses the key (at once if it already has); returns the unsubscribe. */
export function onGoogleKeyRefused(listener: () => void): () => void {
  if (keyRefused) listener();
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}
