import { Module } from '@nestjs/common';
import { APP_CONFIG, IMAGERY, READ_STORE } from '../../app/tokens.js';
import type { AppConfig } from '../../config/config.js';
import type { ImageryRegistry } from '../../imagery/imagery-registry.js';
import { MoveTokens } from '../../imagery/proxy/move-tokens.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { ImageryStatusController } from './imagery-status.controller.js';
import { PanoramaController } from './panorama.controller.js';
import { PanoramaPictures } from './panorama-pictures.js';

@Module({
  controllers: [PanoramaController, ImageryStatusController],
  providers: [
    {
      provide: PanoramaPictures,
      // Move tokens are sealed with a key kept in DATA_DIR, so moves offered before a restart still open.
      useFactory: (reads: ReadStore, imagery: ImageryRegistry, config: AppConfig) => new PanoramaPictures(reads, imagery, MoveTokens.open(config.dataDir, config.moveTokenKey)),
      inject: [READ_STORE, IMAGERY, APP_CONFIG],
    },
  ],
  exports: [PanoramaPictures],
})
export class PanoramaModule {}
