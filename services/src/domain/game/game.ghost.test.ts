import { type GameEvent, LIVE } from '@globetrail/contracts';
import { isRejection } from '../decider.js';
import { roundPlanHash } from '../arena/round-plan.js';
import { auditMatch } from '../arena/match-audit.js';
import { ghostSettings, ghostSource, type GhostSource, recordGhost } from '../ghost/ghost-source.js';
import { applyDamage } from './scoring.js';
import { scoreGuess } from './scoring.js';
import { ada, bob, cyd, eventOf, GAME_ID, guess, map, pictureAt, places, Script, script, T0, typesOf } from './game.fixtures.js';
import type { GameCommand, JoiningPlayer } from './game.commands.js';
import { scheduledWork } from './scheduled-work.js';

const SALT = 'ab'.repeat(32);
const playGhost = (roundIndex: number): GameCommand => ({ type: 'PlayGhost', gameId: GAME_ID, roundIndex });

/**
 * The recorded duel: Ada and Bob, 60 s rounds, 5,000 hit points.
 * Round 1 (Paris): Ada confirms Paris at 10 s; Bob moves his marker to London at 20 s, confirms Brussels at 30 s.
 * Round 2 (Paris): Ada confirms Paris at 5 s; Bob's marker sits on Tokyo from 8 s and the timer ends the round
 * at 60 s — Bob is knocked out.
 */
function recordedDuel(): Script {
  const s = script()
    .run({ type: 'CreateGame', gameId: 'src', gameT: 'D', origin: 'private', settings: { nr: 1, rl: 60, bl: false, gat: false, sga: false, mElo: null, s_hp: 5000, tag: null }, map, host: ada })
    .run({ type: 'ConnectPlayer', gameId: 'src', playerId: 'ada' })
    .run({ type: 'JoinGame', gameId: 'src', player: bob })
    .run({ type: 'SetReady', gameId: 'src', playerId: 'ada', ready: true })
    .run({ type: 'SetReady', gameId: 'src', playerId: 'bob', ready: true });
  const round = (index: number) => {
    s.run({ type: 'PrepareRound', gameId: 'src', roundIndex: index, picture: pictureAt(places.paris) }).wait(3_000).run({ type: 'BeginRound', gameId: 'src', roundIndex: index });
  };
  const place = (playerId: string, roundIndex: number, loc: (typeof places)[keyof typeof places], final: boolean) =>
    s.run({ type: 'PlaceGuess', gameId: 'src', playerId, roundIndex, loc, r: -1, final });
  round(0);
  s.wait(10_000);
  place('ada', 0, places.paris, true);
  s.wait(10_000);
  place('bob', 0, places.london, false);
  s.wait(10_000);
  place('bob', 0, places.brussels, true);
  s.wait(7_000);
  round(1);
  s.wait(5_000);
  place('ada', 1, places.paris, true);
  s.wait(3_000);
  place('bob', 1, places.tokyo, false);
  s.wait(52_000).run({ type: 'EndRound', gameId: 'src', roundIndex: 1 });
  return s;
}

function sourceOf(events: GameEvent[]): GhostSource {
  const source = ghostSource(events);
  if (isRejection(source)) throw new Error(`${source.code}: ${source.message}`);
  return source;
}

/** Cyd duels the ghost of `recorded` as POST /ghosts creates the game, with Cyd's page connected. */
function ghostDuel(source: GhostSource, recorded: string, host: JoiningPlayer = cyd): Script {
  const ghost = recordGhost(source, recorded);
  if (isRejection(ghost)) throw new Error(ghost.message);
  const opponent = { id: ghost.playerId, name: ghost.source.name, isAnonymous: false, elo: null };
  return script()
    .run({ type: 'CreateGame', gameId: GAME_ID, gameT: 'D', origin: 'ghost', settings: ghostSettings(source), map: source.map, host, opponent, plan: { salt: SALT, rounds: source.rounds }, ghost })
    .run({ type: 'ConnectPlayer', gameId: GAME_ID, playerId: host.id });
}

/** Prepares and begins the next round as the timer does (the plan decides the picture). */
function startRound(s: Script): Script {
  const roundIndex = s.state().rounds.length;
  return s.run({ type: 'PrepareRound', gameId: GAME_ID, roundIndex, picture: pictureAt(places.london) }).wait(LIVE.countdownMs).run({ type: 'BeginRound', gameId: GAME_ID, roundIndex });
}

describe('ghost duels', () => {
  const recorded = recordedDuel();

  describe('the recording', () => {
    it("reads each player's guesses in every ended round, timed from the round's start, and when they were done", () => {
      const source = sourceOf(recorded.events);
      expect(source.rounds.map((round) => round.target)).toEqual([places.paris, places.paris]);
      expect(source.players).toEqual([
        { playerId: 'ada', name: 'Ada', hp: 5000, won: true, anonymous: false },
        { playerId: 'bob', name: 'Bob', hp: 0, won: false, anonymous: false },
      ]);
      expect(source.recordings.get('bob')).toEqual([
        { guesses: [{ afterMs: 20_000, loc: places.london, r: -1, isF: false }, { afterMs: 30_000, loc: places.brussels, r: -1, isF: true }], doneAfterMs: 30_000 },
        // Never confirmed: done when the timer ended the round.
        { guesses: [{ afterMs: 8_000, loc: places.tokyo, r: -1, isF: false }], doneAfterMs: 60_000 },
      ]);
      expect(source.recordings.get('ada')).toEqual([
        { guesses: [{ afterMs: 10_000, loc: places.paris, r: -1, isF: true }], doneAfterMs: 10_000 },
        { guesses: [{ afterMs: 5_000, loc: places.paris, r: -1, isF: true }], doneAfterMs: 5_000 },
      ]);
    });

    it('comes only from a finished one-against-one duel, and only from a player who played it', () => {
      expect(ghostSource([])).toMatchObject({ status: 404 });
      const unfinished = recorded.events.filter((event) => event.type !== 'GameEnded');
      expect(ghostSource(unfinished)).toMatchObject({ status: 409, code: 'not_ghostable' });
      const classic = script().create('A', { nr: 1 }).ready('ada').startRound().guess('ada', places.paris);
      expect(ghostSource(classic.events)).toMatchObject({ code: 'not_ghostable', message: 'a ghost comes from a one-against-one duel' });
      const source = sourceOf(recorded.events);
      expect(recordGhost(source, 'cyd')).toMatchObject({ status: 400, field: 'playerId' });
      expect(recordGhost(source, 'bob')).toMatchObject({ playerId: 'ghost:bob', source: { gameId: 'src', playerId: 'bob', name: 'Bob' } });
    });

    it('does not make a ghost of a ghost', () => {
      const duel = ghostDuel(sourceOf(recorded.events), 'bob');
      startRound(duel).wait(1_000).guess('cyd', places.paris);
      duel.wait(60_000).run({ type: 'EndRound', gameId: GAME_ID, roundIndex: 0 });
      while (duel.state().status !== 'G_ED') {
        duel.wait(LIVE.resultDisplayMs);
        startRound(duel).wait(60_000).run({ type: 'EndRound', gameId: GAME_ID, roundIndex: duel.state().cr });
      }
      const again = sourceOf(duel.events);
      expect(recordGhost(again, 'ghost:bob')).toMatchObject({ status: 400, field: 'playerId' });
      expect(recordGhost(again, 'cyd')).toMatchObject({ playerId: 'ghost:cyd' });
    });
  });

  describe('CreateGame with a ghost', () => {
    it('commits to the recorded rounds, stores the ghost, and launches at once with the ghost there', () => {
      const source = sourceOf(recorded.events);
      const duel = ghostDuel(source, 'bob');
      expect(typesOf(duel.events)).toEqual(['GameCreated', 'RoundPlanDrawn', 'GhostRecorded', 'PlayerJoined', 'PlayerJoined', 'PlayerConnected', 'PlayerReadyChanged', 'PlayerReadyChanged', 'GameLaunched', 'PlayerConnected']);
      expect(eventOf(duel.events, 'GameCreated').data).toMatchObject({ origin: 'ghost', gameT: 'D', roundPlanHash: roundPlanHash({ salt: SALT, rounds: source.rounds }), settings: { nr: 2, rl: 60, s_hp: 5000, mElo: null } });
      expect(duel.state().players.map((player) => [player.id, player.team, player.isC])).toEqual([['cyd', '0', true], ['ghost:bob', '1', true]]);
    });

    it('refuses a ghost that is not the opponent, or a plan that is not the recorded rounds', () => {
      const source = sourceOf(recorded.events);
      const ghost = recordGhost(source, 'bob');
      if (isRejection(ghost)) throw new Error(ghost.message);
      const base = { type: 'CreateGame', gameId: GAME_ID, gameT: 'D', origin: 'ghost', settings: ghostSettings(source), map, host: cyd, ghost } as const;
      expect(script().when({ ...base, opponent: ada, plan: { salt: SALT, rounds: source.rounds } })).toMatchObject({ status: 400, field: 'ghost' });
      expect(script().when({ ...base, opponent: { ...ada, id: 'ghost:bob' }, plan: { salt: SALT, rounds: source.rounds.slice(1) } })).toMatchObject({ status: 400, field: 'ghost' });
    });
  });

  describe('the timeline', () => {
    it("places each recorded guess when its time after the round's start comes, stamped with that time", () => {
      const duel = startRound(ghostDuel(sourceOf(recorded.events), 'bob'));
      const startedAt = duel.state().rounds[0]!.startedAt!;
      expect(scheduledWork(duel.state())).toContainEqual({ kind: 'play_ghost', roundIndex: 0, at: startedAt + 20_000 });
      duel.wait(19_999);
      expect(duel.when(playGhost(0))).toEqual([]);
      duel.wait(1);
      const marker = eventOf(duel.when(playGhost(0)), 'GuessPlaced');
      expect(marker.data).toEqual({ roundIndex: 0, playerId: 'ghost:bob', loc: places.london, r: -1, isF: false, at: new Date(startedAt + 20_000).toISOString() });
      duel.run(playGhost(0));
      expect(duel.when(playGhost(0))).toEqual([]);
      expect(scheduledWork(duel.state())).toContainEqual({ kind: 'play_ghost', roundIndex: 0, at: startedAt + 30_000 });
    });

    it('places every guess that is due at once when the timer comes late, each at its own time', () => {
      const duel = startRound(ghostDuel(sourceOf(recorded.events), 'bob')).wait(45_000);
      const placed = duel.when(playGhost(0)) as GameEvent[];
      expect(placed.map((event) => event.type === 'GuessPlaced' && [event.data.isF, event.data.at])).toEqual([
        [false, new Date(T0 + duel.now - 45_000 + 20_000).toISOString()],
        [true, new Date(T0 + duel.now - 45_000 + 30_000).toISOString()],
      ]);
    });

    it('keeps the round open for the ghost after the player confirms, and ends it by the duel rules when the ghost confirms', () => {
      const source = sourceOf(recorded.events);
      const duel = startRound(ghostDuel(source, 'bob')).wait(2_000).guess('cyd', places.london);
      expect(duel.state().status).toBe('SED');
      duel.wait(18_000).run(playGhost(0)).wait(10_000);
      const ended = eventOf(duel.when(playGhost(0)), 'RoundEnded');
      const cyds = scoreGuess('D', { loc: places.london, r: -1, isF: true }, places.paris, map.maxMapDistance).points;
      const bobs = scoreGuess('D', { loc: places.brussels, r: -1, isF: true }, places.paris, map.maxMapDistance).points;
      expect(ended.data).toMatchObject({ reason: 'all_guessed', target: places.paris, teamScores: { '0': cyds, '1': bobs } });
      expect(ended.data.results['ghost:bob']).toMatchObject({ loc: places.brussels, points: bobs, auto: false });
      expect({ damage: ended.data.damage, hp: ended.data.hp }).toEqual(applyDamage(0, { '0': cyds, '1': bobs }, { '0': 5000, '1': 5000 }));
    });

    it("ends a round the ghost never confirmed when it was done with it, its marker made final, once the player has confirmed", () => {
      const duel = startRound(ghostDuel(sourceOf(recorded.events), 'bob')).wait(1_000).guess('cyd', places.paris).wait(39_000).run(playGhost(0));
      duel.wait(LIVE.resultDisplayMs);
      startRound(duel).wait(1_000).guess('cyd', places.brussels).wait(7_000).run(playGhost(1));
      expect(duel.state().status).toBe('SED');
      expect(scheduledWork(duel.state())).toContainEqual({ kind: 'play_ghost', roundIndex: 1, at: duel.state().rounds[1]!.startedAt! + 60_000 });
      duel.wait(51_999);
      expect(duel.when(playGhost(1))).toEqual([]);
      duel.wait(1);
      const ended = eventOf(duel.when(playGhost(1)), 'RoundEnded');
      expect(ended.data.results['ghost:bob']).toMatchObject({ loc: places.tokyo, auto: true });
    });

    it('waits for a player still guessing when the ghost is done, as for a live opponent', () => {
      const duel = startRound(ghostDuel(sourceOf(recorded.events), 'bob')).wait(31_000).run(playGhost(0));
      expect(duel.state().status).toBe('SED');
      expect(typesOf(duel.when(guess('cyd', 0, places.paris)))).toEqual(['GuessPlaced', 'RoundEnded']);
    });

    it('does not place a recorded guess timed after the round is over', () => {
      const source = sourceOf(recorded.events);
      const late = { ...source, settings: { ...source.settings, rl: 25 } };
      const duel = startRound(ghostDuel(late, 'bob')).wait(26_000);
      expect(typesOf(duel.when(playGhost(0)))).toEqual(['GuessPlaced']);
      expect(eventOf(duel.run(playGhost(0)).run({ type: 'EndRound', gameId: GAME_ID, roundIndex: 0 }).events, 'RoundEnded').data.results['ghost:bob']).toMatchObject({ loc: places.london, auto: true });
    });
  });

  describe('the end', () => {
    it('ends after the recorded rounds when nobody is knocked out, the side with more hit points winning', () => {
      const duel = startRound(ghostDuel(sourceOf(recorded.events), 'ada')).wait(10_000).run(playGhost(0)).guess('cyd', places.brussels);
      duel.wait(LIVE.resultDisplayMs);
      startRound(duel).wait(5_000).run(playGhost(1)).guess('cyd', places.paris);
      const ended = eventOf(duel.events, 'GameEnded');
      expect(ended.data).toMatchObject({ reason: 'rounds', winnerTeam: '1', ratingChanges: null });
      expect(ended.data.standings.map((standing) => standing.playerIds)).toEqual([['ghost:ada'], ['cyd']]);
    });

    it('ends on a knockout before the recorded rounds run out', () => {
      const source = sourceOf(recorded.events);
      const duel = startRound(ghostDuel({ ...source, settings: { ...source.settings, s_hp: 100 } }, 'ada')).wait(10_000).run(playGhost(0)).guess('cyd', places.tokyo);
      expect(eventOf(duel.events, 'GameEnded').data).toMatchObject({ reason: 'knockout', winnerTeam: '1' });
    });

    it("refuses the host's force-end and a restart: the ghost plays its recording once", () => {
      const duel = startRound(ghostDuel(sourceOf(recorded.events), 'bob')).wait(1_000).guess('cyd', places.paris);
      expect(duel.when({ type: 'ForceEndRound', gameId: GAME_ID, playerId: 'cyd', roundIndex: 0 })).toMatchObject({ status: 403 });
      expect(duel.when({ type: 'RestartGame', gameId: GAME_ID, playerId: 'cyd' })).toMatchObject({ status: 403 });
      expect(duel.when(playGhost(5))).toEqual([]);
      expect(script().create('D').when(playGhost(0))).toMatchObject({ status: 409 });
    });

    it('forfeits a player who stays away, as in any duel; the ghost is never away', () => {
      const duel = startRound(ghostDuel(sourceOf(recorded.events), 'bob')).run({ type: 'DisconnectPlayer', gameId: GAME_ID, playerId: 'cyd' }).wait(LIVE.connectedWindowMs);
      expect(eventOf(duel.when({ type: 'CheckPresence', gameId: GAME_ID }), 'GameEnded').data).toMatchObject({ reason: 'forfeit', winnerTeam: '1' });
    });
  });

  describe('the audit', () => {
    const finished = () => {
      const duel = startRound(ghostDuel(sourceOf(recorded.events), 'ada')).wait(10_000).run(playGhost(0)).guess('cyd', places.brussels);
      duel.wait(LIVE.resultDisplayMs);
      return startRound(duel).wait(5_000).run(playGhost(1)).guess('cyd', places.paris).events;
    };
    const audited = (events: GameEvent[]) => events.map((event, revision) => ({ revision, event, recordedAt: new Date(T0).toISOString() }));

    it("finds a ghost duel fair: the plan is the recorded rounds, each ghost guess as recorded, damage recomputed", () => {
      const audit = auditMatch(GAME_ID, audited(finished()));
      expect(audit.findings.filter((finding) => !finding.ok)).toEqual([]);
      expect(audit.findings.map((finding) => finding.check)).toEqual(expect.arrayContaining(['round 1: ghost guess 1 as recorded', 'round 2: ghost guess 1 as recorded']));
      expect(audit.verdict).toBe('fair');
    });

    it('finds a ghost guess moved or placed early', () => {
      const moved = finished().map((event) => (event.type === 'GuessPlaced' && event.data.playerId === 'ghost:ada' && event.data.roundIndex === 0 ? { ...event, data: { ...event.data, loc: places.london } } : event));
      expect(auditMatch(GAME_ID, audited(moved)).verdict).toBe('tampered');
      const early = finished().map((event) => (event.type === 'GuessPlaced' && event.data.playerId === 'ghost:ada' && event.data.roundIndex === 1 ? { ...event, data: { ...event.data, at: new Date(Date.parse(event.data.at) - 1_000).toISOString() } } : event));
      const audit = auditMatch(GAME_ID, audited(early));
      expect(audit.findings.filter((finding) => !finding.ok).map((finding) => finding.check)).toContain('round 2: ghost guess 1 as recorded');
    });
  });
});
