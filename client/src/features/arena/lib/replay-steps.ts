import type { MatchAuditResponse } from '@globetrail/contracts';

export type HistoryEvent = MatchAuditResponse['history'][number];

/** One step of the replay: an event and when it happened, in ms after the match was created. */
export interface Step {
  at: number;
  type: string;
  data: Record<string, unknown>;
}

/** A gap in the match longer than this (nobody did anything) is shortened in the replay. */
const LONGEST_PAUSE_MS = 20_000;
const END_EVENTS = new Set(['GameEnded', 'GameAbandoned']);

/**
 * The match's events as replay steps, from its creation to its end: what the stream records after the
 * end (players leaving the result page) is not part of the match, and would make the replay's length
 * depend on when it is watched.
 */
export function toSteps(history: readonly HistoryEvent[]): Step[] {
  const end = history.findIndex((event) => END_EVENTS.has(event.type));
  const match = end === -1 ? history : history.slice(0, end + 1);
  const first = match.length > 0 ? Date.parse(match[0]!.recordedAt) : 0;
  let shift = 0;
  let previous = 0;
  return match.map((event) => {
    const raw = Date.parse(event.recordedAt) - first;
    shift += Math.max(0, raw - previous - shift - LONGEST_PAUSE_MS);
    const at = Math.max(previous, raw - shift);
    previous = at;
    return { at, type: event.type, data: (event.data ?? {}) as Record<string, unknown> };
  });
}

