import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { leaderboardPageSchema, leaderboardQuerySchema } from '@globetrail/contracts';
import { parseInput } from '../../api/api-error.js';
import { ApiErrors, ZodResponse } from '../../api/openapi.js';
import { READ_STORE } from '../../app/tokens.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { leaderboardPage } from '../../projections/leaderboard/leaderboard.queries.js';

@ApiTags('leaderboard')
@Controller('leaderboard')
export class LeaderboardController {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  @Get('points')
  @ApiOperation({ summary: 'Signed-up players by points, paged; ties share a rank' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number })
  @ZodResponse(200, leaderboardPageSchema)
  @ApiErrors(400)
  points(@Query() query: unknown) {
    const { page, pageSize } = parseInput(leaderboardQuerySchema, query, 'query');
    return leaderboardPage(this.reads, page, pageSize);
  }
}
