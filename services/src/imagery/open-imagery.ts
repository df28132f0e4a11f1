import { join } from 'node:path';
import type { ImageryConfig } from '../config/config.js';
import { GoogleStreetViewProvider } from './google/google-street-view-provider.js';
import { createProviderHttp } from './http/resilient-http.js';
import type { ImageryProvider } from './imagery.port.js';
import { ImageryRegistry } from './imagery-registry.js';
import type { LocalImageStore } from './local/local-image-store.js';
import { MapillaryProvider } from './mapillary/mapillary-provider.js';
import { PanoramaxProvider } from './panoramax/panoramax-provider.js';
import { ProviderHealth } from './provider-health.js';
import { DiskImageCache } from './proxy/disk-cache.js';
import { RoundPictures } from './round-pictures.js';
import { ServedImages } from './served-images.js';

/** A point every provider covers well, searched to learn whether the provider answers at all. */
const PROBE_POINT = { lat: 48.8584, lng: 2.2945 };

/**
 * Every imagery source this process serves from, behind the answer-blind proxy: the local store (the
 * offline default and map authors' images) always, and the configured online provider when there is one
 * (Google Street View is searched here too, but its pictures are shown by Google's viewer, never proxied).
 * The online provider is probed in the background at boot; rounds use the offline pictures until it
 * answers, and again whenever it fails.
 */
export function openImagery(config: ImageryConfig, dataDir: string, local: LocalImageStore): { registry: ImageryRegistry; health: ProviderHealth | null } {
  const served: ImageryProvider[] = [new ServedImages(local, null)];
  let online: { provider: ImageryProvider; health: ProviderHealth } | null = null;
  if (config.online) {
    const source = config.online;
    const make = (http: ReturnType<typeof createProviderHttp>): ImageryProvider => {
      switch (source.provider) {
        case 'panoramax':
          return new PanoramaxProvider({ baseUrl: source.url, http });
        case 'mapillary':
          return new MapillaryProvider({ baseUrl: source.url, token: source.token, http });
        case 'google':
          return new GoogleStreetViewProvider({ baseUrl: source.url, key: source.key, http });
      }
    };
    const provider = make(createProviderHttp({ provider: config.online.provider }));
    // The probe neither retries nor waits long: it only asks whether the provider is there.
    const probe = make(createProviderHttp({ provider: config.online.provider, retries: 0, timeoutMs: 5_000 }));
    const health = new ProviderHealth(provider.name, () => probe.findNear(PROBE_POINT, 1_000));
    void health.check();
    // Google's pictures are never downloaded (its viewer shows them), so there is nothing to cache.
    const cache = source.provider === 'google' ? null : new DiskImageCache(join(dataDir, 'imagery-cache'), { maxBytes: config.cacheMaxBytes });
    const proxied = new ServedImages(provider, cache);
    served.push(proxied);
    online = { provider: proxied, health };
  }
  return { registry: new ImageryRegistry(served, new RoundPictures(online, local)), health: online?.health ?? null };
}
