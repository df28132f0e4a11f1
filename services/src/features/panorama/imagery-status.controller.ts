import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ImageryStatus } from '@globetrail/contracts';
import { IMAGERY } from '../../app/tokens.js';
import type { ImageryRegistry } from '../../imagery/imagery-registry.js';

/** Where round pictures come from right now: the client says so, and operators see a provider that is down. */
@ApiTags('single player')
@Controller('imagery')
export class ImageryStatusController {
  constructor(@Inject(IMAGERY) private readonly imagery: ImageryRegistry) {}

  @Get('status')
  @ApiOperation({ summary: 'The configured online imagery provider, whether it answers, and what new rounds use' })
  status(): ImageryStatus {
    const online = this.imagery.rounds.status();
    const provider = online?.provider === 'panoramax' || online?.provider === 'mapillary' || online?.provider === 'google' ? online.provider : null;
    return { online: provider, status: online?.status ?? null, serving: provider && online?.status === 'up' ? provider : 'offline' };
  }
}
