import { Controller, Get, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type ClientAds, type ClientConfig, clientConfigSchema } from '@globetrail/contracts';
import { ZodResponse } from '../../api/openapi.js';
import { APP_CONFIG, HOUSE_ADS } from '../../app/tokens.js';
import type { HouseAds } from '../ads/house-ads.js';
import type { AppConfig } from '../../config/config.js';

@ApiTags('client')
@Controller('client-config')
export class ClientConfigController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(HOUSE_ADS) private readonly houseAds: HouseAds | null,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Runtime settings for the browser client' })
  @ZodResponse(200, clientConfigSchema)
  get(@Req() request: Request): ClientConfig {
    const online = this.config.imagery.online;
    const { main, sister } = this.config.brands;
    const mainBrand = { id: 'main' as const, name: main.name, color: main.color, url: main.url };
    const sisterBrand = { id: 'sister' as const, name: sister.name, color: sister.color, url: sister.url };
    const onSister = sister.hosts.has(request.hostname.toLowerCase());
    return {
      brand: onSister ? sisterBrand : mainBrand,
      sisterBrand: onSister ? mainBrand : sisterBrand,
      onlineMapStyleUrl: this.config.onlineMapStyleUrl,
      releaseId: this.config.releaseId,
      // Only a server that plays Google Street View hands out a key; the browser needs it for Google's viewer.
      welcome: { ...this.config.welcome },
      devtoolsCheck: { enabled: this.config.devtoolsCheck.enabled, exemptPrefixes: [...this.config.devtoolsCheck.exemptPrefixes] },
      googleMapsKey: online?.provider === 'google' ? online.browserKey : null,
      ads: this.ads(),
    };
  }

  private ads(): ClientAds {
    const ads = this.config.ads;
    if (ads.mode === 'house' && this.houseAds) return { mode: 'house', ads: this.houseAds.ads, freePrefixes: [...ads.freePrefixes] };
    if (ads.mode === 'external') return { mode: 'external', scriptUrl: ads.scriptUrl, consentRequired: ads.consentRequired, freePrefixes: [...ads.freePrefixes] };
    return { mode: 'off' };
  }
}
