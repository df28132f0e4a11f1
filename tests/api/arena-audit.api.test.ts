import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type GameEventOf, type LatLng, type MatchAuditResponse, roundPlanCommitment } from '@globetrail/contracts';
import { runOps } from '../../services/src/ops/ops.js';
import { playArenaMatch } from '../support/arena-match.js';
import { gameEvents, type LiveClient } from '../support/live-client.js';
import { signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
const clients: LiveClient[] = [];
beforeAll(async () => {
  t = await startTestApp({ env: { CLOCK_SPEED: '20' } });
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

const contains = (texts: readonly string[], needle: string) => texts.some((text) => text.includes(needle));
const coordinates = (at: LatLng) => [String(at.lat), String(at.lng)];

describe('ranked arena matches are auditable', () => {
  it('commit to their rounds before play, tell no client the plan, audit fair at the end, and fail the audit once an event is changed', async () => {
    const [p, q] = [await signedUpPlayer(t, 'Ana'), await signedUpPlayer(t, 'Ben')];
    // Everything either client is sent, as text, in order.
    const received: string[] = [];
    let created!: GameEventOf<'GameCreated'>;
    let plan!: GameEventOf<'RoundPlanDrawn'>['data'];
    const { gameId, clients: matchClients, final } = await playArenaMatch(t, [p, q], {
      connected: (both) => {
        clients.push(...both);
        for (const client of both) client.socket.onAny((...args: unknown[]) => received.push(JSON.stringify(args)));
      },
      started: async (id) => {
        const [first, drawn] = (await gameEvents(t, id)) as [GameEventOf<'GameCreated'>, GameEventOf<'RoundPlanDrawn'>];
        expect(drawn.type).toBe('RoundPlanDrawn');
        expect(first.data.roundPlanHash).toMatch(/^[0-9a-f]{64}$/);
        [created, plan] = [first, drawn.data];
        expect(plan.rounds.length).toBe(30);
        // While the match is on the audit gives the commitment only.
        const during = (await t.http.get(`/arena/${id}/audit`).expect(200)).body as MatchAuditResponse;
        expect(during.audit).toMatchObject({ verdict: 'in_progress', committedHash: created.data.roundPlanHash, plan: null, rounds: [] });
        expect(during.history).toEqual([]);
        expect(JSON.stringify(during)).not.toContain(plan.salt);
      },
      beforeGuesses: (roundIndex, target) => {
        expect(target).toEqual(plan.rounds[roundIndex]!.target);
        // Before its result, no client has been sent this round's target, any later round's, or the salt.
        for (const later of plan.rounds.slice(roundIndex)) for (const part of coordinates(later.target)) expect(contains(received, part)).toBe(false);
        expect(contains(received, plan.salt)).toBe(false);
      },
    });
    expect(matchClients).toHaveLength(2);
    expect(contains(received, plan.salt)).toBe(false);

    const after = (await t.http.get(`/arena/${gameId}/audit`).expect(200)).body as MatchAuditResponse;
    expect(after.audit.findings.filter((finding) => !finding.ok)).toEqual([]);
    expect(after.audit).toMatchObject({ verdict: 'fair', committedHash: created.data.roundPlanHash, recomputedHash: created.data.roundPlanHash, plan: { salt: plan.salt } });
    // Anyone can hash the revealed plan again.
    const again = createHash('sha256').update(roundPlanCommitment(after.audit.plan!.salt, after.audit.plan!.targets)).digest('hex');
    expect(again).toBe(created.data.roundPlanHash);
    expect(after.audit.rounds.length).toBe(final.rounds.length);
    expect(after.audit.ratingChanges!.stored).toEqual(final.result!.ratingChanges);
    expect(after.history[0]).toMatchObject({ revision: 0, type: 'GameCreated' });
    expect(JSON.stringify(after.history)).not.toContain(plan.rounds[0]!.panorama.token);

    // The operator CLI on the game's SQLite files says the same, then sees a changed result.
    const printed: string[] = [];
    expect(await runOps(['audit', gameId], { DATA_DIR: t.dataDir }, (text) => printed.push(text))).toBe(0);
    expect(printed.join('\n')).toMatch(new RegExp(`^match ${gameId}: FAIR`));
    const db = new Database(join(t.dataDir, 'events.sqlite'));
    const changed = db
      .prepare(`UPDATE events SET data = json_set(data, '$.results.${q.profile.uid}.points', json_extract(data, '$.results.${q.profile.uid}.points') + 2000) WHERE stream_id = ? AND type = 'RoundEnded' AND json_extract(data, '$.roundIndex') = 0`)
      .run(`game-${gameId}`).changes;
    db.close();
    expect(changed).toBe(1);
    const tampered: string[] = [];
    expect(await runOps(['audit', gameId], { DATA_DIR: t.dataDir }, (text) => tampered.push(text))).toBe(1);
    expect(tampered.join('\n')).toMatch(/TAMPERED/);
    expect(tampered.join('\n')).toMatch(/FAIL round 1: distances and points: Ben: stored \d+ points/);
  }, 120_000);

  it('answers 404 for a match that is not a ranked one', async () => {
    await t.http.get('/arena/no-such-match/audit').expect(404);
  });
});
