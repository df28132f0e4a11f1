import { Module } from '@nestjs/common';
import { APP_CONFIG, EVENT_STORE, IMAGERY, METRICS, PICTURE_STORE, READ_STORE } from '../../app/tokens.js';
import type { PictureStore } from '../../platform/pictures/picture-store.port.js';
import type { AppConfig } from '../../config/config.js';
import type { ImageryRegistry } from '../../imagery/imagery-registry.js';
import { loadOrCreateMoveTokenKey } from '../../imagery/proxy/move-token-key.js';
import { MoveTokens } from '../../imagery/proxy/move-tokens.js';
import { PictureVariants } from '../../imagery/proxy/picture-variants.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { EventStore } from '../../platform/event-store/event-store.port.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { ImageryStatusController } from './imagery-status.controller.js';
import { PanoramaController } from './panorama.controller.js';
import { PanoramaPictures } from './panorama-pictures.js';
import { RoundPictureWarmer } from './round-picture-warmer.js';

/** The secret behind move tokens and the pictures' variant seeds (MOVE_TOKEN_KEY, or the one kept in DATA_DIR). */
const PANORAMA_SECRET = Symbol('PANORAMA_SECRET');

@Module({
  controllers: [PanoramaController, ImageryStatusController],
  providers: [
    { provide: PANORAMA_SECRET, useFactory: (config: AppConfig) => config.moveTokenKey ?? loadOrCreateMoveTokenKey(config.dataDir), inject: [APP_CONFIG] },
    {
      provide: PanoramaPictures,
      // Move tokens are sealed with a key kept in DATA_DIR, so moves offered before a restart still open.
      useFactory: (reads: ReadStore, imagery: ImageryRegistry, secret: Buffer, events: EventStore) => new PanoramaPictures(reads, imagery, new MoveTokens(secret), events),
      inject: [READ_STORE, IMAGERY, PANORAMA_SECRET, EVENT_STORE],
    },
    {
      provide: PictureVariants,
      // The same secret, so a picture's variant stays the same across restarts (and browsers' caches stay right).
      // Two at once: one painting or loading while another encodes (libvips), the event loop free on both.
      // Shared through the picture store on the full stack: the replica that warmed a round serves every other.
      useFactory: (secret: Buffer, metrics: Metrics, store: PictureStore) => new PictureVariants(secret, { concurrency: 2, store, onEncoded: (reason) => metrics.roundPicturesEncoded.inc({ reason }) }),
      inject: [PANORAMA_SECRET, METRICS, PICTURE_STORE],
    },
    RoundPictureWarmer,
  ],
  exports: [PanoramaPictures],
})
export class PanoramaModule {}
