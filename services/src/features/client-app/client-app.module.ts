import { Module } from '@nestjs/common';
import { APP_CONFIG, HOUSE_ADS } from '../../app/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { HouseAdsController } from '../ads/house-ads.controller.js';
import { loadHouseAds } from '../ads/house-ads.js';
import { ClientConfigController } from './client-config.controller.js';
import { ClientErrorsController } from './client-errors.controller.js';

@Module({
  controllers: [ClientConfigController, ClientErrorsController, HouseAdsController],
  // Read once at start: a broken ads file stops the server naming ADS_HOUSE_FILE.
  providers: [{ provide: HOUSE_ADS, useFactory: (config: AppConfig) => loadHouseAds(config.ads), inject: [APP_CONFIG] }],
})
export class ClientAppModule {}
