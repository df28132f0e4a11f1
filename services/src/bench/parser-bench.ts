/**
 * Socket.IO's parsers on the live protocol's own frames: the default JSON parser (socket.io-parser, what the
 * gateway, the browser and the k6 duellist speak) against the MessagePack parser (socket.io-msgpack-parser),
 * in the same run. Each side encodes the frames the gateway sends (a confirmed guess's GameChanged as a
 * receiver gets it, a whole view as a join's answer) and decodes the frames it receives (a PlaceGuess with its
 * ack id), in turns, BENCH_PARSER_RUNS (5) rounds of BENCH_PARSER_N (100,000) each; medians are compared.
 * Encoding includes what socket.io does per broadcast (the binary check for JSON).
 *
 * Verdict printed: which parser costs less CPU per frame, and the bytes each puts on a socket.
 * Run: `npm run bench:parser`.
 */
import { performance } from 'node:perf_hooks';
import { type GameChanged, type GameView } from '@globetrail/contracts';
import * as msgpack from 'socket.io-msgpack-parser';
import * as json from 'socket.io-parser';
import { ada, bob, launched, places } from '../domain/game/game.fixtures.js';
import { projectGameView, type FullGameView } from '../domain/game/game-view.js';
import { viewFor } from '../domain/game/view-filter.js';
import { whole } from './live/settings.js';

type Parser = { Encoder: new () => { encode(packet: object): unknown[] }; Decoder: new () => { on(event: 'decoded', listener: () => void): void; add(frame: unknown): void } };
const parsers: Record<'json' | 'msgpack', Parser> = { json: json as unknown as Parser, msgpack: msgpack as unknown as Parser };

const runs = whole('BENCH_PARSER_RUNS', 5);
const n = whole('BENCH_PARSER_N', 100_000);

/** A duel seven rounds in, as a player sees it whole. */
function sevenRoundView(): GameView {
  const s = launched('D', [ada, bob], { s_hp: 100_000 });
  for (let round = 0; round < 7; round++) (round === 0 ? s.startRound() : s.nextRound()).guess('ada', places.london).guess('bob', places.paris);
  const full = s.events.reduce<FullGameView | null>((view, event, revision) => projectGameView(view, event, revision), null)!;
  return viewFor(full, { playerId: 'ada' }, Date.now());
}

const change: GameChanged = {
  gameId: '6f1c2d3e-1b2c-4d5e-8f90-123456789abc',
  from: 1234,
  v: 1236,
  now: Date.now(),
  c: [{ k: 'guess', i: 3, g: { pId: 'a1b2c3d4-1b2c-4d5e-8f90-123456789abc', loc: null, r: -1, isF: true, points: null, distance: null, auto: false } }],
};
const view = sevenRoundView();
const guess = { gameId: change.gameId, roundIndex: 3, loc: { lat: 48.1234, lng: 2.3456 }, final: true };

const size = (frame: unknown) => (typeof frame === 'string' ? Buffer.byteLength(frame) : (frame as Uint8Array).byteLength);

function encodeMicros(parser: Parser, data: unknown): { micros: number; bytes: number } {
  const encoder = new parser.Encoder();
  let bytes = 0;
  const started = performance.now();
  for (let i = 0; i < n; i++) bytes = size(encoder.encode({ type: 2, nsp: '/', data: ['GameChanged', data] })[0]);
  return { micros: ((performance.now() - started) * 1000) / n, bytes };
}

function decodeMicros(parser: Parser): number {
  const [frame] = new parser.Encoder().encode({ type: 2, nsp: '/', id: 7, data: ['PlaceGuess', guess] });
  let decoded = 0;
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const decoder = new parser.Decoder();
    decoder.on('decoded', () => decoded++);
    decoder.add(frame);
  }
  if (decoded !== n) throw new Error(`decoded ${decoded} of ${n}`);
  return ((performance.now() - started) * 1000) / n;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const results = { json: { change: [] as number[], view: [] as number[], guess: [] as number[], bytes: { change: 0, view: 0 } }, msgpack: { change: [] as number[], view: [] as number[], guess: [] as number[], bytes: { change: 0, view: 0 } } };
for (let run = 0; run < runs; run++) {
  for (const name of run % 2 === 0 ? (['json', 'msgpack'] as const) : (['msgpack', 'json'] as const)) {
    const parser = parsers[name];
    const small = encodeMicros(parser, change);
    const large = encodeMicros(parser, view);
    results[name].change.push(small.micros);
    results[name].view.push(large.micros);
    results[name].guess.push(decodeMicros(parser));
    results[name].bytes = { change: small.bytes, view: large.bytes };
  }
}

console.log(`Socket.IO parsers on the live protocol's frames: ${runs} runs of ${n.toLocaleString('en')} each, alternating; medians`);
console.log('| parser | encode a GameChanged (a confirmed guess) | encode a whole view (7 rounds) | decode a PlaceGuess |');
console.log('| --- | --- | --- | --- |');
for (const name of ['json', 'msgpack'] as const) {
  const r = results[name];
  console.log(`| ${name} | ${median(r.change).toFixed(2)} µs, ${r.bytes.change} bytes | ${median(r.view).toFixed(2)} µs, ${r.bytes.view} bytes | ${median(r.guess).toFixed(2)} µs |`);
}
const perCommand = (name: 'json' | 'msgpack') => median(results[name].guess) + 3 * median(results[name].change);
const [jsonCost, msgpackCost] = [perCommand('json'), perCommand('msgpack')];
console.log(`a confirmed guess at the gateway (one decode, three encodes: the ack, the player's own message, the shared one): json ${jsonCost.toFixed(1)} µs, msgpack ${msgpackCost.toFixed(1)} µs`);
console.log(`cheaper in CPU: ${jsonCost <= msgpackCost ? 'json' : 'msgpack'}; msgpack frames are ${(100 * (1 - results.msgpack.bytes.change / results.json.bytes.change)).toFixed(0)} % smaller for a change`);
