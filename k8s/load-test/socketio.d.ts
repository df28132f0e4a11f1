// Types for socketio.js, which k6 runs as plain JavaScript (tests/api/load-test-protocol.api.test.ts imports it).
export function connectFrame(token: string): string;
export function eventFrame(name: string, payload: unknown, ackId?: number): string;
export type Frame =
  | { kind: 'open'; data: unknown }
  | { kind: 'ping' }
  | { kind: 'connected' }
  | { kind: 'connect_error'; data: unknown }
  | { kind: 'event'; name: string; data: unknown; ackId?: number }
  | { kind: 'ack'; ackId: number; data: unknown }
  | { kind: 'other' };
export function parseFrame(text: string): Frame;
export class Duellist {
  constructor(uid: string, token: string, random?: () => number, now?: () => number);
  readonly uid: string;
  phase: 'connecting' | 'queued' | 'playing' | 'done' | 'failed';
  gameId: string | null;
  queuedAt: number | null;
  matchedAt: number | null;
  endedAt: number | null;
  rounds: number;
  refused: string[];
  failure: string | null;
  onFrame(text: string): string[];
}
