import { EventEmitter } from 'node:events';
import type { Socket } from 'socket.io';
import type { Principal } from '../../identity/identity.port.js';
import { InProcessBus } from '../../platform/bus/in-process-bus.js';
import { LiveSessions, PLAYER_SOCKETS_HEARTBEAT_MS } from './live-sessions.js';

/** A socket as LiveSessions sees it: data, disconnect() and its 'disconnect' event. */
function fakeSocket(): Socket & { drop(): void } {
  const emitter = new EventEmitter();
  return Object.assign(emitter, { data: {}, disconnect: () => emitter.emit('disconnect'), drop: () => emitter.emit('disconnect') }) as unknown as Socket & { drop(): void };
}
const ana: Principal = { uid: 'ana', isAnonymous: false } as Principal;
/**
 * Waits until a replica's count reaches `expected` (the presence bus delivers asynchronously: a fixed 20 ms
 * wait failed on a loaded machine), at most 5 s, then asserts it.
 */
async function eventually(count: () => number, expected: number): Promise<void> {
  for (const deadline = Date.now() + 5_000; count() !== expected && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(count()).toBe(expected);
}

describe('LiveSessions: the per-player socket count across gateway replicas', () => {
  let presence: InProcessBus;
  let replicas: LiveSessions[];
  let now: number;

  beforeEach(async () => {
    presence = new InProcessBus();
    now = 1_000_000;
    replicas = [new LiveSessions(new InProcessBus(), null, presence), new LiveSessions(new InProcessBus(), null, presence)];
    for (const replica of replicas) {
      replica.now = () => now;
      await replica.onModuleInit();
    }
  });
  afterEach(async () => {
    for (const replica of replicas) await replica.onModuleDestroy();
  });

  it('counts a player’s sockets on every replica, as they open and close', async () => {
    const [a, b] = replicas as [LiveSessions, LiveSessions];
    const sockets = [fakeSocket(), fakeSocket(), fakeSocket()];
    a.add(sockets[0]!, ana);
    a.add(sockets[1]!, ana);
    await eventually(() => b.count('ana'), 2);
    b.add(sockets[2]!, ana);
    await eventually(() => a.count('ana'), 3);
    expect(b.count('ana')).toBe(3);
    sockets[0]!.drop();
    await eventually(() => b.count('ana'), 2);
    expect(b.count('bo')).toBe(0);
  });

  it('forgets a replica not heard from for three heartbeats (it died with its sockets)', async () => {
    const [a, b] = replicas as [LiveSessions, LiveSessions];
    a.add(fakeSocket(), ana);
    await eventually(() => b.count('ana'), 1);
    await a.onModuleDestroy();
    now += 3 * PLAYER_SOCKETS_HEARTBEAT_MS - 1;
    expect(b.count('ana')).toBe(1);
    now += 1;
    expect(b.count('ana')).toBe(0);
  });

  it('counts only its own sockets without a presence bus (one process)', async () => {
    const alone = new LiveSessions(new InProcessBus(), null, null);
    await alone.onModuleInit();
    alone.add(fakeSocket(), ana);
    expect(alone.count('ana')).toBe(1);
    expect(replicas[0]!.count('ana')).toBe(0);
    await alone.onModuleDestroy();
  });
});
