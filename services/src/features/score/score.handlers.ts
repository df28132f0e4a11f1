import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type MapCategories, type ScoreSubmission, type ScoreSubmissionResponse, streamName } from '@globetrail/contracts';
import { mapDoc } from '../../projections/maps/maps.queries.js';
import { ApiException } from '../../api/api-error.js';
import { soloRoundByTarget } from '../../projections/solo-game/solo-game.queries.js';
import { CommandExecutor } from '../../app/command-executor.js';
import { READ_STORE } from '../../app/tokens.js';
import { soloDecider } from '../../domain/solo/solo.decider.js';
import { isAnswerBlindProvider } from '../../imagery/answer-blind.js';
import { type ScoredRound, userDecider } from '../../domain/user/user.decider.js';
import type { Principal } from '../../identity/identity.port.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { rankForPoints } from '../../projections/leaderboards/leaderboards.queries.js';

export class SubmitScore extends Command<ScoreSubmissionResponse> {
  constructor(
    readonly principal: Principal,
    readonly submission: ScoreSubmission,
  ) {
    super();
  }
}

/** The round as the solo game's own stream recorded it: the only truth a submission is checked against. */
async function storedRound(executor: CommandExecutor, gameId: string, roundIndex: number): Promise<ScoredRound | null> {
  const { state } = await executor.load(streamName.solo(gameId), soloDecider);
  if (state.status !== 'playing') return null;
  const round = state.rounds.find((r) => r.roundIndex === roundIndex);
  if (!round) return null;
  return {
    gameId,
    roundIndex,
    playerId: state.playerId,
    mapId: state.mapId,
    target: round.target,
    targetCountryCode: round.targetCountryCode,
    imagery: { provider: round.panorama.provider, answerBlind: isAnswerBlindProvider(round.panorama.provider) },
    result: round.result && { guess: round.result.guess, distanceMeters: round.result.distanceMeters, points: round.result.points, guessCountryCode: round.result.guessCountryCode },
    settings: { nm: state.settings.nm, nmpz: state.settings.nmpz },
  };
}

/** The map's categories as the catalogue states them now (null for a map it no longer lists). */
async function categoriesOf(reads: ReadStore, mapId: string): Promise<MapCategories | null> {
  const map = await mapDoc(reads, mapId);
  if (!map) return null;
  const { coverage, urbanRural, coastalInland, regionalFocusByCountry, countryStreakEligible } = map;
  return { coverage, urbanRural, coastalInland, regionalFocusByCountry, countryStreakEligible };
}

@CommandHandler(SubmitScore)
export class SubmitScoreHandler implements ICommandHandler<SubmitScore> {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  async execute({ principal, submission }: SubmitScore): Promise<ScoreSubmissionResponse> {
    const named = await this.roundOf(principal.uid, submission);
    const stored = named && (await storedRound(this.executor, named.gameId, named.roundIndex));
    const round = stored && { ...stored, mapCategories: await categoriesOf(this.reads, stored.mapId) };
    const command = { type: 'SubmitScore', userId: principal.uid, isAnonymous: principal.isAnonymous, submission, round } as const;
    const readModels = ['user-profile', 'leaderboards', 'player-history'];
    const outcome = await this.executor.execute(streamName.user(principal.uid), userDecider, command, { actor: principal.uid, readModels });
    if (outcome.state.status !== 'active') throw new Error(`player ${principal.uid} is not active after a score submission`);
    const newScore = outcome.state.points;
    return { newRank: await rankForPoints(this.reads, newScore), newScore };
  }

  /** The round a submission is for: named by gameId and roundNumber, or found by its target (SPEC's payload). */
  private async roundOf(playerId: string, submission: ScoreSubmission): Promise<{ gameId: string; roundIndex: number } | null> {
    if (submission.gameId !== undefined && submission.roundNumber !== undefined) return { gameId: submission.gameId, roundIndex: submission.roundNumber };
    if (submission.gameId !== undefined || submission.roundNumber !== undefined) {
      const missing = submission.gameId === undefined ? 'gameId' : 'roundNumber';
      throw new ApiException(400, 'validation_failed', `${missing}: send gameId and roundNumber together, or neither (the round is then found by targetLocation)`, missing);
    }
    const [lat, lng] = submission.targetLocation as [number, number];
    const found = await soloRoundByTarget(this.reads, playerId, { lat, lng });
    if (!found) throw new ApiException(404, 'not_found', `targetLocation: none of your recent single-player rounds had the target ${lat},${lng}`, 'targetLocation');
    return found;
  }
}
