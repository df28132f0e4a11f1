import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isAnswerBlindProvider, streetViewOf } from './answer-blind.js';
import { GoogleStreetViewProvider } from './google/google-street-view-provider.js';
import { createProviderHttp } from './http/resilient-http.js';
import type { ImageryProvider } from './imagery.port.js';
import { LocalImageStore } from './local/local-image-store.js';
import { MapillaryProvider } from './mapillary/mapillary-provider.js';
import { PanoramaxProvider } from './panoramax/panoramax-provider.js';

describe('answer-blindness by provider name', () => {
  it("agrees with every provider's own answerBlind", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'globetrail-answer-blind-'));
    const local = new LocalImageStore(dir);
    try {
      const http = createProviderHttp({ provider: 'test' });
      const providers: ImageryProvider[] = [
        local,
        new PanoramaxProvider({ http }),
        new MapillaryProvider({ token: 'MLY|1|a', http }),
        new GoogleStreetViewProvider({ key: 'AIzaTest', http }),
      ];
      for (const provider of providers) expect([provider.name, isAnswerBlindProvider(provider.name)]).toEqual([provider.name, provider.answerBlind]);
    } finally {
      await local.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("hands Google's viewer the panorama id of a Google round only", () => {
    expect(streetViewOf({ provider: 'google', imageId: 'Qx7kTb2W3mZp9sLd0vYh4A' })).toEqual({ panoId: 'Qx7kTb2W3mZp9sLd0vYh4A' });
    expect(streetViewOf({ provider: 'panoramax', imageId: 'a/b' })).toBeNull();
    expect(streetViewOf({ provider: 'local', imageId: 'sample-1' })).toBeNull();
  });
});
