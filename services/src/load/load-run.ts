import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { Duellist } from '../../../k8s/load-test/socketio.js';

/**
 * `npm run load`: real players against a running server on this machine — anonymous players playing solo
 * rounds over the REST API, signed-up duellists matched in the arena over Socket.IO, and autocannon
 * hammering the read calls every screen makes — for a bounded time, then a report of throughput,
 * latency percentiles and errors. Only 127.0.0.1, ::1 or localhost: it refuses any other host.
 */
export interface LoadOptions {
  /** The server, e.g. http://127.0.0.1:3000. */
  url: string;
  seconds: number;
  soloPlayers: number;
  /** Even: they are matched in pairs. */
  duellists: number;
  httpConnections: number;
}

export interface LatencyFigures {
  count: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

export interface LoadReport {
  seconds: number;
  solo: { rounds: number; games: number; start: LatencyFigures; guess: LatencyFigures; errors: string[] };
  duels: { matches: number; rounds: number; failed: string[]; matchSeconds: LatencyFigures };
  reads: { requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number; timeouts: number };
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export class LoadTargetError extends Error {}

export function checkLocalTarget(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new LoadTargetError(`LOAD_URL is not a URL: ${JSON.stringify(url)}`);
  }
  if (!LOCAL_HOSTS.has(parsed.hostname)) throw new LoadTargetError(`load tests run against this machine only (127.0.0.1, ::1 or localhost), not ${parsed.hostname}`);
  return parsed;
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const base = checkLocalTarget(options.url).origin;
  const deadline = performance.now() + options.seconds * 1000;
  const [solo, duels, reads] = await Promise.all([soloPlayers(base, options.soloPlayers, deadline), duellists(base, options.duellists, deadline), readCalls(base, options)]);
  return { seconds: options.seconds, solo, duels, reads };
}

async function call(base: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(base + path, {
    method: init.method ?? 'POST',
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: init.token } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** fetch's own message is only "fetch failed": the reason (a reset, a closed socket, a timeout) is its cause. */
export function fetchFailure(error: Error): string {
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause ? `${error.message}: ${[cause.code, cause.message].filter(Boolean).join(' ')}` : error.message;
}

async function soloPlayers(base: string, count: number, deadline: number): Promise<LoadReport['solo']> {
  const starts: number[] = [];
  const guesses: number[] = [];
  const errors: string[] = [];
  let games = 0;
  const timed = async (into: number[], expected: number, path: string, init: Parameters<typeof call>[2]) => {
    const started = performance.now();
    const answer = await call(base, path, init).catch((error: Error) => ({ status: 0, body: fetchFailure(error) }));
    into.push(performance.now() - started);
    if (answer.status !== expected) {
      errors.push(`${path.replace(/[0-9a-f-]{20,}/gi, ':id')} ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
      return null;
    }
    return answer.body as Record<string, unknown>;
  };
  await Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const session = await call(base, '/auth/anonymous');
      const token = (session.body as { idToken?: string } | null)?.idToken;
      if (session.status !== 201 || !token) return void errors.push(`/auth/anonymous ${session.status}`);
      await call(base, '/user/create', { token });
      while (performance.now() < deadline) {
        const game = await timed(starts, 201, '/solo', { token, body: {} });
        if (!game) continue;
        games += 1;
        for (let roundIndex = 0; roundIndex < 5 && performance.now() < deadline; roundIndex += 1) {
          if (roundIndex > 0 && !(await timed(starts, 201, `/solo/${String(game.gameId)}/rounds`, { token, body: { roundIndex } }))) break;
          const guess = { lat: ((n * 37 + roundIndex * 11) % 160) - 80, lng: ((n * 53 + roundIndex * 29) % 340) - 170 };
          if (!(await timed(guesses, 200, `/solo/${String(game.gameId)}/guess`, { token, body: { roundIndex, guess } }))) break;
        }
      }
    }),
  );
  return { rounds: guesses.length, games, start: figures(starts, 0), guess: figures(guesses, 0), errors: [...new Set(errors)].slice(0, 10) };
}

async function duellists(base: string, count: number, deadline: number): Promise<LoadReport['duels']> {
  const pairs = Math.floor(count / 2);
  const socketUrl = `${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const matchSeconds: number[] = [];
  const failed: string[] = [];
  let matches = 0;
  let rounds = 0;
  const stamp = Date.now();
  const players = await Promise.all(
    Array.from({ length: pairs * 2 }, async (_, n) => {
      const session = await call(base, '/auth/signup', { body: { name: `Load ${n + 1}`, email: `load-${stamp}-${n}@example.org`, password: `load-test-${stamp}-${n}` } });
      const body = session.body as { idToken: string; user: { uid: string } } | null;
      if (session.status !== 201 || !body) throw new Error(`signing up a duellist answered ${session.status}: ${JSON.stringify(session.body).slice(0, 200)}`);
      await call(base, '/user/create', { token: body.idToken });
      return { uid: body.user.uid, token: body.idToken };
    }),
  );
  await Promise.all(
    players.map(async (player) => {
      while (performance.now() < deadline) {
        const duellist = new Duellist(player.uid, player.token);
        await playDuel(duellist, socketUrl, Math.max(5_000, deadline - performance.now() + 60_000));
        if (duellist.phase === 'done') {
          matches += 0.5;
          rounds += duellist.rounds / 2;
          if (duellist.matchedAt !== null && duellist.endedAt !== null) matchSeconds.push((duellist.endedAt - duellist.matchedAt) / 1000);
        } else {
          failed.push(duellist.failure ?? `ended ${duellist.phase}`);
          break;
        }
      }
    }),
  );
  return { matches: Math.floor(matches), rounds: Math.floor(rounds), failed: [...new Set(failed)].slice(0, 10), matchSeconds: figures(matchSeconds, 0) };
}

/** Runs a duellist over a raw WebSocket until its match ends, it fails, or `timeoutMs` passes (then it is failed). */
export function playDuel(duellist: Duellist, url: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    const timer = setTimeout(() => {
      duellist.failure = `still ${duellist.phase} after ${Math.round(timeoutMs / 1000)} s`;
      duellist.phase = 'failed';
      socket.terminate();
      resolve();
    }, timeoutMs);
    socket.on('message', (data: WebSocket.RawData) => {
      for (const frame of duellist.onFrame(data.toString())) socket.send(frame);
      if (duellist.phase === 'done' || duellist.phase === 'failed') {
        clearTimeout(timer);
        socket.close();
        resolve();
      }
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      duellist.phase = 'failed';
      duellist.failure = error.message;
      resolve();
    });
  });
}

async function readCalls(base: string, options: LoadOptions): Promise<LoadReport['reads']> {
  const result = await autocannon({
    url: base,
    connections: options.httpConnections,
    duration: options.seconds,
    requests: [{ method: 'GET', path: '/client-config' }, { method: 'GET', path: '/maps/world/anon' }, { method: 'GET', path: '/lobby/duels' }, { method: 'GET', path: '/challenges/daily' }],
  });
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts };
}

function figures(values: number[], errors: number): LatencyFigures {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
  return { count: sorted.length, errors, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

export function formatReport(report: LoadReport): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const lines = [
    `load for ${report.seconds} s on this machine`,
    `solo (REST)   ${report.solo.games} games, ${report.solo.rounds} rounds (${(report.solo.rounds / report.seconds).toFixed(1)} guesses/s); start p50 ${ms(report.solo.start.p50)} p99 ${ms(report.solo.start.p99)}; guess p50 ${ms(report.solo.guess.p50)} p99 ${ms(report.solo.guess.p99)}; errors ${report.solo.errors.length}`,
    `duels (Socket.IO) ${report.duels.matches} matches, ${report.duels.rounds} rounds; match p50 ${report.duels.matchSeconds.p50.toFixed(1)} s p99 ${report.duels.matchSeconds.p99.toFixed(1)} s; failed ${report.duels.failed.length}`,
    `reads (autocannon) ${report.reads.requestsPerSecond.toFixed(0)} req/s; p50 ${report.reads.p50} ms p99 ${report.reads.p99} ms; non-2xx ${report.reads.non2xx}, errors ${report.reads.errors}, timeouts ${report.reads.timeouts}`,
  ];
  for (const error of [...report.solo.errors, ...report.duels.failed]) lines.push(`  error: ${error}`);
  return lines.join('\n');
}

export function loadErrors(report: LoadReport): number {
  return report.solo.errors.length + report.duels.failed.length + report.reads.non2xx + report.reads.errors + report.reads.timeouts;
}
