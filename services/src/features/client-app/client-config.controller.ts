import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type ClientConfig, clientConfigSchema } from '@globetrail/contracts';
import { ZodResponse } from '../../api/openapi.js';
import { APP_CONFIG } from '../../app/tokens.js';
import type { AppConfig } from '../../config/config.js';

@ApiTags('client')
@Controller('client-config')
export class ClientConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @ApiOperation({ summary: 'Runtime settings for the browser client' })
  @ZodResponse(200, clientConfigSchema)
  get(): ClientConfig {
    const online = this.config.imagery.online;
    return {
      onlineMapStyleUrl: this.config.onlineMapStyleUrl,
      releaseId: this.config.releaseId,
      // Only a server that plays Google Street View hands out a key; the browser needs it for Google's viewer.
      googleMapsKey: online?.provider === 'google' ? online.browserKey : null,
    };
  }
}
