import type { GameEvent, GameEventOf, LatLng } from '@globetrail/contracts';
import { roundPlanCommitment } from '@globetrail/contracts';
import { ada, bob, GAME_ID, guess, map, pictureAt, places, Script, settings } from '../game/game.fixtures.js';
import { type AuditedEvent, auditMatch } from './match-audit.js';
import { type RoundPlan, roundPlanHash } from './round-plan.js';

const targets: LatLng[] = [places.paris, { lat: 35.68, lng: 139.69 }, { lat: -33.87, lng: 151.21 }, { lat: 40.71, lng: -74.0 }];
const plan: RoundPlan = {
  salt: 'ab'.repeat(32),
  rounds: targets.map((target, i) => ({ target, targetCountryCode: null, panorama: { ...pictureAt(target).panorama, imageId: `planned-${i}` } })),
};

/** A ranked match played to its knockout: Ada guesses on the target, Bob 2,000 km away; 100 hit points end it in round 1. */
function playedMatch(): GameEvent[] {
  const s = new Script().run({ type: 'CreateGame', gameId: GAME_ID, gameT: 'L', origin: 'arena', settings: settings({ s_hp: 100 }), map, host: ada, opponent: bob, plan }).connect(ada.id).connect(bob.id);
  // The timer's picture is not the plan's: the match plays the planned round all the same.
  s.startRound(places.paris);
  s.run(guess(ada.id, 0, targets[0]!)).run(guess(bob.id, 0, { lat: targets[0]!.lat + 18, lng: targets[0]!.lng }));
  return s.events;
}

const recorded = (events: readonly GameEvent[]): AuditedEvent[] => events.map((event, revision) => ({ revision, event, recordedAt: '2026-11-21T12:00:00.000Z' }));

describe('auditMatch', () => {
  it('finds a fair match fair: the committed hash is the plan’s, each round as planned, results, damage and Elo recomputed', () => {
    const events = playedMatch();
    expect(events.map((event) => event.type)).toContain('GameEnded');
    const audit = auditMatch(GAME_ID, recorded(events));
    expect(audit.findings.filter((finding) => !finding.ok)).toEqual([]);
    expect(audit.verdict).toBe('fair');
    expect(audit.committedHash).toBe(roundPlanHash(plan));
    expect(audit.recomputedHash).toBe(audit.committedHash);
    expect(audit.plan).toEqual({ salt: plan.salt, targets });
    expect(audit.rounds).toHaveLength(1);
    const [round] = audit.rounds;
    expect(round!.target).toEqual(targets[0]);
    expect(round!.guesses.find((g) => g.playerId === 'ada')).toMatchObject({ distance: 0, recomputedDistance: 0, points: 10000, recomputedPoints: 10000 });
    expect(audit.ratingChanges!.recomputed).toEqual(audit.ratingChanges!.stored);
    expect(audit.findings.map((finding) => finding.check)).toEqual(
      expect.arrayContaining(['round plan hash', 'round 1: target as planned', 'round 1: distances and points', 'round 1: damage and hit points', 'Elo changes']),
    );
  });

  it('flags a stored result changed after the match', () => {
    const events = playedMatch().map((event): GameEvent => {
      if (event.type !== 'RoundEnded') return event;
      const results = { ...event.data.results, bob: { ...event.data.results.bob!, points: event.data.results.bob!.points + 1500 } };
      return { ...event, data: { ...event.data, results } } as GameEventOf<'RoundEnded'>;
    });
    const audit = auditMatch(GAME_ID, recorded(events));
    expect(audit.verdict).toBe('tampered');
    expect(audit.findings.filter((finding) => !finding.ok).map((finding) => finding.check)).toEqual(['round 1: distances and points']);
  });

  it('flags a round whose target is not the committed plan’s, and a plan that does not hash to the commitment', () => {
    const moved = playedMatch().map((event): GameEvent => (event.type === 'RoundStarting' ? ({ ...event, data: { ...event.data, target: { lat: 1, lng: 1 } } } as GameEvent) : event));
    expect(auditMatch(GAME_ID, recorded(moved)).findings.filter((f) => !f.ok).map((f) => f.check)).toContain('round 1: target as planned');
    const swapped = playedMatch().map((event): GameEvent => (event.type === 'RoundPlanDrawn' ? ({ ...event, data: { ...event.data, rounds: [...event.data.rounds].reverse() } } as GameEvent) : event));
    const audit = auditMatch(GAME_ID, recorded(swapped));
    expect(audit.verdict).toBe('tampered');
    expect(audit.findings.find((f) => f.check === 'round plan hash')).toMatchObject({ ok: false });
  });

  it('reveals nothing while the match is on but the commitment', () => {
    const events = playedMatch();
    const running = events.slice(0, events.findIndex((event) => event.type === 'RoundEnded'));
    const audit = auditMatch(GAME_ID, recorded(running));
    expect(audit).toMatchObject({ verdict: 'in_progress', committedHash: roundPlanHash(plan), plan: null, rounds: [] });
    expect(JSON.stringify(audit)).not.toContain(plan.salt);
    expect(JSON.stringify(audit)).not.toContain('139.69');
  });
});

describe('the round plan commitment', () => {
  it('hashes the salt and the targets in order, so neither can change unseen, and says nothing of them', () => {
    const hash = roundPlanHash(plan);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(roundPlanHash({ ...plan, salt: 'cd'.repeat(32) })).not.toBe(hash);
    expect(roundPlanHash({ ...plan, rounds: [...plan.rounds].reverse() })).not.toBe(hash);
    expect(roundPlanCommitment(plan.salt, targets).split('\n')).toEqual(['globetrail-round-plan-v1', plan.salt, '48.8584,2.2945', '35.68,139.69', '-33.87,151.21', '40.71,-74']);
  });
});
