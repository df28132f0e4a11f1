import { Inject, Injectable } from '@nestjs/common';
import {
  type Challenge,
  type ChallengeCreated,
  type ChallengeProgress,
  type ChallengeProgressDoc,
  type ChallengeRoundView,
  levelForPoints,
  movementFor,
  panoramaPath,
  readModelCollections,
  streamName,
  type UserProfileDoc,
} from '@globetrail/contracts';
import { ApiException, notFound } from '../../api/api-error.js';
import { CommandExecutor } from '../../app/command-executor.js';
import { READ_STORE } from '../../app/tokens.js';
import { challengeDecider } from '../../domain/challenge/challenge.decider.js';
import { roundClock } from '../../domain/round-clock.js';
import type { Principal } from '../../identity/identity.port.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { challengeDoc, challengeView, progressDoc } from '../../projections/challenges/challenges.queries.js';

export type ChallengeData = ChallengeCreated['data'];

/** The read models a challenge command's answer reads right after it. */
export const CHALLENGE_READ_MODELS = ['challenges', 'challenge-progress', 'challenge-comments', 'user-profile', 'round-panoramas'];

/** What the challenge calls share: the challenge as its stream recorded it, the player, and their views. */
@Injectable()
export class ChallengeAccess {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  /** The challenge with its rounds, from its own stream (the read models never hold targets). */
  async challenge(challengeId: string, field = 'id'): Promise<ChallengeData> {
    const { state } = await this.executor.load(streamName.challenge(challengeId), challengeDecider);
    if (state.status !== 'created') throw new ApiException(404, 'not_found', `${field}: no challenge ${challengeId}`, field);
    return state.challenge;
  }

  /** A signed-in player as the challenge rules need them: name and level. */
  async player(principal: Principal): Promise<{ id: string; name: string; level: number }> {
    const profile = await this.reads.get<UserProfileDoc>(readModelCollections.userProfiles, principal.uid);
    if (!profile) throw notFound('create the player first (POST /user/create)');
    return { id: principal.uid, name: profile.name, level: levelForPoints(profile.points) };
  }

  async view(challengeId: string, viewer: string | null): Promise<Challenge> {
    const doc = await challengeDoc(this.reads, challengeId);
    if (!doc) throw notFound(`no challenge ${challengeId}`);
    return challengeView(doc, viewer ? await progressDoc(this.reads, challengeId, viewer) : null);
  }

  async progress(challenge: ChallengeData, userId: string): Promise<ChallengeProgress> {
    const doc = await progressDoc(this.reads, challenge.challengeId, userId);
    return progressView(challenge.challengeId, doc, challenge, this.executor.context().now);
  }

  /** SPEC's `ch` and `chp` for a player, from one read of each read model. */
  async answers(challenge: ChallengeData, userId: string): Promise<{ ch: Challenge; chp: ChallengeProgress }> {
    const [doc, progress] = await Promise.all([challengeDoc(this.reads, challenge.challengeId), progressDoc(this.reads, challenge.challengeId, userId)]);
    if (!doc) throw notFound(`no challenge ${challenge.challengeId}`);
    return { ch: challengeView(doc, progress), chp: progressView(challenge.challengeId, progress, challenge, this.executor.context().now) };
  }
}

/** The round a player has open, as their client may see it: never its target. */
export function roundView(current: NonNullable<ChallengeProgressDoc['current']>, rules: ChallengeData['rules'], now: Date): ChallengeRoundView {
  const clock = roundClock(rules, new Date(current.startedAt));
  return {
    roundNumber: current.roundIndex,
    panoramaUrl: panoramaPath(current.token),
    heading: current.heading,
    movement: movementFor(rules),
    startedAt: current.startedAt,
    deadline: current.deadline,
    timeUp: clock ? clock.timeUp.toISOString() : null,
    now: now.toISOString(),
  };
}

export function progressView(challengeId: string, doc: ChallengeProgressDoc | null, challenge: Pick<ChallengeData, 'rules'>, now: Date): ChallengeProgress {
  return {
    id: challengeId,
    spr: doc?.spr ?? [],
    glpr: doc?.glpr ?? [],
    ra: doc?.rating !== null && doc?.rating !== undefined,
    joined: doc?.joined ?? false,
    current: doc?.current ? roundView(doc.current, challenge.rules, now) : null,
  };
}
