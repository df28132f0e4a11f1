import { randomUUID } from 'node:crypto';
import { type DomainEvent, greatCircleDistance, type LatLng, parseDomainEvent, scoreForDistance, streamName } from '@globetrail/contracts';
import { isRejection } from '../../domain/decider.js';
import { seededRandom } from '../../domain/decision-context.js';
import { mapDecider } from '../../domain/map/map.decider.js';
import type { AppendRequest } from '../../platform/event-store/event-writer.js';

/**
 * A year of a busy game as the event log holds it, for `npm run bench:rebuild`: players signing up,
 * authors' maps (made by the map decider itself), solo games of five rounds (start, each round's picture
 * and guess, each scored round on the player's stream), challenges with players scoring their rounds,
 * ratings and comments, and likes and unlikes of maps. Every event type is checked against its contract
 * before anything is written. The same mix and values for a given size (a seeded generator; ids are fresh).
 */
export interface LogMix {
  players: number;
  maps: number;
  challenges: number;
  playersPerChallenge: number;
  likes: number;
}

const ROUNDS = 5;
/** Events per solo game: start, 5 × (round, guess), 5 scores. */
const SOLO_GAME_EVENTS = 1 + ROUNDS * 3;

export function mixFor(total: number): LogMix {
  const players = Math.max(10, Math.round(total / 50));
  return { players, maps: Math.max(2, Math.round(total / 10_000)), challenges: Math.max(1, Math.round(total / 1_000)), playersPerChallenge: 10, likes: Math.max(1, Math.round(total / 50)) };
}

/** Yields groups of appends (one per stream and moment) until `total` events are made. */
export function* realisticLog(total: number, mix = mixFor(total)): Generator<AppendRequest[]> {
  const random = seededRandom(42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  let clock = Date.UTC(2026, 0, 1);
  const at = () => new Date((clock += 1 + Math.floor(random() * 4000))).toISOString();
  const place = (): LatLng => ({ lat: -55 + random() * 125, lng: -180 + random() * 360 });
  const near = (target: LatLng, spread: number): LatLng => ({ lat: Math.max(-90, Math.min(90, target.lat + (random() - 0.5) * spread)), lng: ((target.lng + (random() - 0.5) * spread + 540) % 360) - 180 });
  const countries = ['FR', 'DE', 'US', 'BR', 'JP', 'AU', 'ZA', 'IN', 'CA', 'NO', null];
  let written = 0;
  const batch: AppendRequest[] = [];
  const append = (streamId: string, events: DomainEvent[]) => {
    batch.push({ streamId, expected: 'any', rows: events.map((event) => ({ id: randomUUID(), type: event.type, data: JSON.stringify(event.data), metadata: JSON.stringify({ schemaVersion: event.version }) })) });
    written += events.length;
  };
  const checked = new Set<string>();
  const check = (events: DomainEvent[]) => {
    for (const event of events) {
      const key = `${event.type}/${event.version}`;
      if (checked.has(key)) continue;
      parseDomainEvent(event.type, event.version, event.data);
      checked.add(key);
    }
    return events;
  };
  const ready = function* () {
    if (batch.length > 0) yield batch.splice(0);
  };

  const players = Array.from({ length: mix.players }, (_, i) => ({ id: `bench-player-${i}`, name: `Player ${i}`, best: null as number | null, streak: 0, bestStreak: 0 }));
  for (const player of players) {
    const createdAt = at();
    append(streamName.user(player.id), check([
      { type: 'UserCreated', version: 1, data: { userId: player.id, name: player.name, isAnonymous: false, createdAt } },
      { type: 'UserRegistered', version: 1, data: { userId: player.id, name: player.name, registeredAt: createdAt } },
    ]));
  }
  yield* ready();

  const maps: Array<{ id: string; name: string }> = [{ id: 'world', name: 'World' }];
  const context = { now: new Date(clock), newId: () => randomUUID(), random };
  for (let i = 0; i < mix.maps; i++) {
    const author = pick(players);
    const id = `bench-map-${i}`;
    const locations = Array.from({ length: 60 }, () => ({ ...place(), heading: Math.floor(random() * 360) }));
    context.now = new Date(at());
    const decided = mapDecider.decide({ type: 'SaveMap', mapId: id, authorId: author.id, authorName: author.name, name: `Roads of ${i}`, description: 'Country roads, chosen by hand.', categories: null, locations }, mapDecider.initialState, context);
    if (isRejection(decided)) throw new Error(`bench map refused: ${decided.message}`);
    append(streamName.map(id), check(decided as DomainEvent[]));
    maps.push({ id, name: `Roads of ${i}` });
  }
  yield* ready();

  const challengesLeft = { count: mix.challenges };
  const likesLeft = { count: mix.likes };
  const otherEvents = mix.challenges * (1 + mix.playersPerChallenge * (2 + ROUNDS * 2)) + mix.likes * 1.1;
  const gamesEvery = Math.max(1, Math.round((total - written - otherEvents) / SOLO_GAME_EVENTS / Math.max(1, mix.challenges + mix.likes)));
  let game = 0;
  while (written < total) {
    for (let g = 0; g < gamesEvery && written < total; g++) {
      const player = pick(players);
      const map = pick(maps);
      const gameId = `bench-solo-${game++}`;
      const solo: DomainEvent[] = [{ type: 'SoloGameStarted', version: 1, data: { gameId, playerId: player.id, mapId: map.id, mapName: map.name, maxMapDistance: 20_037_508, startedAt: at() } }];
      const scores: DomainEvent[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const target = place();
        const guess = near(target, 20 * random());
        const distance = greatCircleDistance(target, guess);
        const points = scoreForDistance(distance);
        const [targetCountryCode, guessCountryCode] = [pick(countries), pick(countries)];
        const startedAt = at();
        solo.push(
          { type: 'SoloRoundStarted', version: 1, data: { gameId, roundIndex: round, target, targetCountryCode, panorama: { token: randomUUID(), provider: 'panoramax', imageId: `img-${Math.floor(random() * 1e9)}`, heading: Math.floor(random() * 360) }, shared: false, startedAt, movement: 'move', deadline: null } },
          { type: 'SoloGuessPlaced', version: 1, data: { gameId, roundIndex: round, guess, target, distanceMeters: distance, points, targetCountryCode, guessCountryCode, timeTakenMs: Math.floor(random() * 60_000), placedAt: at() } },
        );
        player.best = player.best === null ? distance : Math.min(player.best, distance);
        player.streak = targetCountryCode !== null && targetCountryCode === guessCountryCode ? player.streak + 1 : 0;
        player.bestStreak = Math.max(player.bestStreak, player.streak);
        scores.push({ type: 'ScoreSubmitted', version: 1, data: { userId: player.id, gameId, roundIndex: round, gameType: 'singleplayer', mapId: map.id, points, distanceMeters: distance, target, guess, targetCountryCode, guessCountryCode, bestGuessInMeters: player.best, currentCountryStreak: player.streak, bestCountryStreak: player.bestStreak, submittedAt: at() } });
      }
      append(streamName.solo(gameId), check(solo));
      append(streamName.user(player.id), check(scores));
    }
    if (challengesLeft.count > 0 && written < total) {
      challengesLeft.count -= 1;
      const challengeId = `bench-challenge-${mix.challenges - challengesLeft.count}`;
      const author = pick(players);
      const map = pick(maps);
      const plan = Array.from({ length: ROUNDS }, () => ({ target: place(), targetCountryCode: pick(countries), panorama: { provider: 'panoramax', imageId: `img-${Math.floor(random() * 1e9)}`, heading: Math.floor(random() * 360) } }));
      append(streamName.challenge(challengeId), check([{ type: 'ChallengeCreated', version: 1, data: { challengeId, authorId: author.id, authorName: author.name, rules: { t: 'standard', d: 'default', sd: null, ed: null, ip: true, nmpz: false, nm: false, hsn: false, rl: 0, gat: false, mlte: 0, dmdp1: 0, dmdp2: 0 }, mapId: map.id, mapName: map.name, mapContent: 'places', maxMapDistance: 20_037_508, rounds: plan, daily: null, authorChoseRounds: false, createdAt: at() } }]));
      for (let p = 0; p < mix.playersPerChallenge; p++) {
        const player = pick(players);
        const events: DomainEvent[] = [{ type: 'ChallengeJoined', version: 1, data: { challengeId, userId: player.id, name: player.name, joinedAt: at() } }];
        let totalPoints = 0;
        plan.forEach(({ target, targetCountryCode }, round) => {
          const guess = near(target, 30 * random());
          const distance = greatCircleDistance(target, guess);
          const points = scoreForDistance(distance);
          totalPoints += points;
          events.push(
            { type: 'ChallengeRoundStarted', version: 1, data: { challengeId, userId: player.id, roundIndex: round, target, panorama: { token: randomUUID(), ...plan[round]!.panorama }, movement: 'move', startedAt: at(), deadline: null } },
            { type: 'ChallengeRoundScored', version: 1, data: { challengeId, userId: player.id, roundIndex: round, guess, target, distanceMeters: distance, points, targetCountryCode, guessCountryCode: pick(countries), timeTakenMs: Math.floor(random() * 60_000), totalPoints, completed: round === ROUNDS - 1, daily: null, scoredAt: at() } },
          );
        });
        if (random() < 0.3) events.push({ type: 'ChallengeRated', version: 1, data: { challengeId, userId: player.id, rating: 1 + Math.floor(random() * 5), ratedAt: at() } });
        if (random() < 0.1) events.push({ type: 'ChallengeCommented', version: 1, data: { challengeId, userId: player.id, name: player.name, commentId: randomUUID(), roundIndex: Math.floor(random() * ROUNDS), comment: 'That road sign gave it away.', commentedAt: at() } });
        append(streamName.challengePlay(challengeId, player.id), check(events));
      }
    }
    for (let l = 0; l < 1 && likesLeft.count > 0 && written < total; l++) {
      likesLeft.count -= 1;
      const player = pick(players);
      const map = pick(maps.slice(1).length > 0 ? maps.slice(1) : maps);
      const likes: DomainEvent[] = [{ type: 'MapLiked', version: 1, data: { mapId: map.id, userId: player.id, likedAt: at() } }];
      if (random() < 0.1) likes.push({ type: 'MapUnliked', version: 1, data: { mapId: map.id, userId: player.id, unlikedAt: at() } });
      append(streamName.mapLike(map.id, player.id), check(likes));
    }
    if (batch.length >= 500) yield* ready();
  }
  yield* ready();
}
