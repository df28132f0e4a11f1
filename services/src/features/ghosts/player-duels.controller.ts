import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { playerDuelsSchema } from '@globetrail/contracts';
import { z } from 'zod';
import { parseInput } from '../../api/api-error.js';
import { ApiErrors, ZodResponse } from '../../api/openapi.js';
import { READ_STORE } from '../../app/tokens.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { playerDuels } from '../../projections/duel-history/duel-history.queries.js';

const idParam = z.object({ id: z.string().min(1).max(128) });

/** The public profile's match list (ours; docs/ghost-duels.md): where a player's ghost can be duelled. */
@ApiTags('ghost duels')
@Controller('user')
export class PlayerDuelsController {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  @Get('duels/:id')
  @ApiOperation({ summary: "A player's latest finished one-against-one duels, newest first: opponent, outcome, hit points, rounds" })
  @ZodResponse(200, playerDuelsSchema)
  @ApiErrors(400)
  async duels(@Param() params: unknown) {
    const { id } = parseInput(idParam, params, 'id');
    return { duels: await playerDuels(this.reads, id) };
  }
}
