import type { ErrorCode } from '@globetrail/contracts';

/** What deciders may know about the world: the time, fresh ids and a seeded random source. */
export interface DecisionContext {
  now: Date;
  newId(): string;
  /** Uniform in [0, 1); seeded, so a test can replay a decision exactly. */
  random(): number;
}

/** A command the rules refuse, with the HTTP status a caller should see. */
export interface Rejection {
  kind: 'rejected';
  status: 400 | 403 | 404 | 409;
  code: ErrorCode;
  message: string;
  field?: string;
}

export function reject(status: Rejection['status'], code: ErrorCode, message: string, field?: string): Rejection {
  return field === undefined ? { kind: 'rejected', status, code, message } : { kind: 'rejected', status, code, message, field };
}

export function isRejection(value: unknown): value is Rejection {
  return typeof value === 'object' && value !== null && (value as Rejection).kind === 'rejected';
}

/** An empty list means "already done": the command was a retry and appends nothing. */
export type Decision<E> = E[] | Rejection;

export interface Decider<S, C, E> {
  initialState: S;
  decide(command: C, state: S, ctx: DecisionContext): Decision<E>;
  evolve(state: S, event: E): S;
}

export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
