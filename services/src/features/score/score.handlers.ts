import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type ScoreSubmission, type ScoreSubmissionResponse, streamName } from '@globetrail/contracts';
import { DECISION_CONTEXT, EVENT_STORE, PROJECTIONS, READ_STORE } from '../../app/tokens.js';
import type { DecisionContext } from '../../domain/decider.js';
import { soloDecider } from '../../domain/solo/solo.decider.js';
import { type ScoredRound, userDecider } from '../../domain/user/user.decider.js';
import type { Principal } from '../../identity/identity.port.js';
import type { EventStore } from '../../platform/event-store/event-store.port.js';
import { handleCommand, loadState } from '../../platform/event-store/handle-command.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { rankForPoints } from '../../projections/leaderboard/leaderboard.queries.js';
import type { Projections } from '../../projections/projections.js';

export class SubmitScore extends Command<ScoreSubmissionResponse> {
  constructor(
    readonly principal: Principal,
    readonly submission: ScoreSubmission,
  ) {
    super();
  }
}

/** The round as the solo game's own stream recorded it: the only truth a submission is checked against. */
async function storedRound(events: EventStore, gameId: string, roundIndex: number): Promise<ScoredRound | null> {
  const { state } = await loadState(events, streamName.solo(gameId), soloDecider);
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
    result: round.result && { guess: round.result.guess, distanceMeters: round.result.distanceMeters, points: round.result.points, guessCountryCode: round.result.guessCountryCode },
  };
}

@CommandHandler(SubmitScore)
export class SubmitScoreHandler implements ICommandHandler<SubmitScore> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(PROJECTIONS) private readonly projections: Projections,
    @Inject(DECISION_CONTEXT) private readonly context: () => DecisionContext,
  ) {}

  async execute({ principal, submission }: SubmitScore): Promise<ScoreSubmissionResponse> {
    const round = await storedRound(this.events, submission.gameId, submission.roundNumber);
    const command = { type: 'SubmitScore', userId: principal.uid, isAnonymous: principal.isAnonymous, submission, round } as const;
    const outcome = await handleCommand(this.events, streamName.user(principal.uid), userDecider, command, this.context, { userId: principal.uid });
    if (outcome.state.status !== 'active') throw new Error(`player ${principal.uid} is not active after a score submission`);
    const newScore = outcome.state.points;
    // Rank against everyone else: the player's own leaderboard entry can only hold fewer points than newScore.
    const newRank = await rankForPoints(this.reads, newScore);
    await this.projections.waitFor(outcome.position, ['user-profile', 'leaderboard-points']);
    return { newRank, newScore };
  }
}
