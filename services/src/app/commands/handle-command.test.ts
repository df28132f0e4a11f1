import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streamName } from '@globetrail/contracts';
import { fixedContext } from '../../domain/testing/decider-spec.js';
import { userDecider } from '../../domain/user/user.decider.js';
import { SqliteEventStore } from '../../platform/event-store/sqlite-event-store.js';
import { handleCommand } from './handle-command.js';

describe('handleCommand', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'handle-command-'));
    store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const create = { type: 'CreateUser', userId: 'u1', name: 'Ada', isAnonymous: false } as const;
  const context = () => fixedContext();

  it('answers a command already carried out with the position of the stream’s last event, for read-your-writes', async () => {
    const stream = streamName.user('u1');
    // Two requests create the same player at once (a sign-in and the page's own start): one appends.
    const [first, second] = await Promise.all([handleCommand(store, stream, userDecider, create, context), handleCommand(store, stream, userDecider, create, context)]);
    const appended = [first, second].find((outcome) => outcome.events.length === 1)!;
    const noOp = [first, second].find((outcome) => outcome.events.length === 0)!;
    expect(appended.position).not.toBeNull();
    expect(noOp.position).toBe(appended.position);
  });

  it('answers null for a command that appends nothing to an empty stream', async () => {
    const outcome = await handleCommand(store, streamName.user('u2'), userDecider, { type: 'RecordDailyChallengeCompleted', userId: 'u2', challengeId: 'c', day: '2026-11-26' }, context);
    expect(outcome).toMatchObject({ events: [], position: null });
  });
});
