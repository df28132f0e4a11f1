import type { LatLng } from '../rules/geo.js';

/**
 * `GET /arena/{matchId}/audit` (docs/audit.md): a ranked match checked from its events alone, for the
 * audit page and `npm run ops -- audit`.
 */
export interface AuditFinding {
  /** What was checked, e.g. `round 2: scores`. */
  check: string;
  ok: boolean;
  /** What was found: the values compared, or why it could not be checked. */
  detail: string;
}

export interface AuditedGuess {
  playerId: string;
  name: string;
  guess: LatLng | null;
  /** As stored in RoundEnded, and as the rules give them again from the guess and the target. */
  distance: number | null;
  recomputedDistance: number | null;
  points: number;
  recomputedPoints: number | null;
}

export interface AuditedRound {
  index: number;
  target: LatLng | null;
  plannedTarget: LatLng | null;
  startedAt: string | null;
  endedAt: string | null;
  guesses: AuditedGuess[];
  damage: { team: string; amount: number } | null;
  recomputedDamage: { team: string; amount: number } | null;
  hp: Record<string, number> | null;
}

export interface MatchAudit {
  matchId: string;
  /** fair: every check holds; tampered: at least one does not; in_progress: nothing is revealed before the end. */
  verdict: 'fair' | 'tampered' | 'in_progress';
  committedHash: string | null;
  committedAt: string | null;
  /** Revealed once the match is over: the salt and each planned target, in round order. */
  plan: { salt: string; targets: LatLng[] } | null;
  recomputedHash: string | null;
  players: Array<{ id: string; name: string; team: string | null; elo: number | null }>;
  rounds: AuditedRound[];
  ratingChanges: { stored: Record<string, { before: number; after: number }> | null; recomputed: Record<string, { before: number; after: number }> | null } | null;
  findings: AuditFinding[];
}

export interface MatchAuditResponse {
  audit: MatchAudit;
  /** The match's events in order once it is over (pictures' private tokens left out); empty while it is on. */
  history: Array<{ revision: number; type: string; recordedAt: string; data: unknown }>;
}
