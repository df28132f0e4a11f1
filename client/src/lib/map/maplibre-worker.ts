import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

// Under Vite maplibre cannot find its worker on its own ("Worker failed to load"): point it at the asset.
setWorkerUrl(workerUrl);
