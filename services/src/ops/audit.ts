import { type GameEvent, type MatchAuditResponse, streamName } from '@globetrail/contracts';
import { type AuditedEvent, auditMatch } from '../domain/arena/match-audit.js';
import { toDomainEvent } from '../platform/event-store/domain-event.js';
import type { EventStore } from '../platform/event-store/event-store.port.js';

/** The audit, and for a private ghost duel (a challenge's) the one player who may see it. */
export type LoadedAudit = MatchAuditResponse & { privateTo?: string };

/**
 * The audit of ranked match `matchId` from the event store (`npm run ops -- audit`, `GET /arena/{id}/audit`):
 * null when there is no such ranked match. An event that no longer parses as the game's is itself a finding.
 * While the match is on, neither the plan nor the history is given: only the commitment.
 */
export async function loadMatchAudit(events: EventStore, matchId: string): Promise<LoadedAudit | null> {
  const recorded = await events.readStream(streamName.game(matchId));
  if (recorded.length === 0) return null;
  const parsed: AuditedEvent[] = [];
  const unreadable: string[] = [];
  for (const record of recorded) {
    try {
      // A game's stream holds game events only (its decider writes them).
      parsed.push({ revision: Number(record.revision), event: toDomainEvent(record) as GameEvent, recordedAt: record.createdAt.toISOString() });
    } catch (error) {
      unreadable.push(`revision ${record.revision} (${record.type}): ${(error as Error).message.split('\n')[0]}`);
    }
  }
  const first = parsed[0]?.event;
  // Ranked arena matches and ghost duels commit to a round plan; other games have nothing to audit.
  if (first?.type !== 'GameCreated' || (first.data.origin !== 'arena' && first.data.origin !== 'ghost')) return null;
  const audit = auditMatch(matchId, parsed);
  if (audit.verdict !== 'in_progress' && unreadable.length > 0) {
    audit.findings.push(...unreadable.map((detail) => ({ check: 'event readable', ok: false, detail })));
    audit.verdict = 'tampered';
  }
  const history = audit.verdict === 'in_progress' ? [] : parsed.map(({ revision, event, recordedAt }) => ({ revision, type: event.type, recordedAt, data: publicData(event) }));
  const ghost = parsed.find(({ event }) => event.type === 'GhostRecorded')?.event;
  const privateTo = ghost?.type === 'GhostRecorded' && ghost.data.source.kind === 'challenge' ? first.data.hostId : undefined;
  return privateTo === undefined ? { audit, history } : { audit, history, privateTo };
}

/** What the history shows of an event once the match is over: everything but the pictures' private tokens. */
function publicData(event: GameEvent): unknown {
  if (event.type === 'RoundStarting') {
    const { token: _token, ...panorama } = event.data.panorama;
    return { ...event.data, panorama };
  }
  if (event.type === 'RoundPlanDrawn') return { salt: event.data.salt, rounds: event.data.rounds.map(({ target, targetCountryCode, panorama }) => ({ target, targetCountryCode, imageId: panorama.imageId })) };
  return event.data;
}

export function formatAudit({ audit }: LoadedAudit): string {
  if (audit.verdict === 'in_progress') return `match ${audit.matchId} is still being played; round plan committed at ${audit.committedAt}: ${audit.committedHash ?? 'none'}`;
  const lines = [`match ${audit.matchId}: ${audit.verdict === 'fair' ? 'FAIR — every check holds' : 'TAMPERED — some checks fail'}`];
  lines.push(`  committed ${audit.committedAt}: ${audit.committedHash ?? 'none'}`, `  plan hashes to:        ${audit.recomputedHash ?? 'nothing'}`);
  for (const round of audit.rounds) {
    const guesses = round.guesses.map((g) => `${g.name} ${g.points} pts at ${g.distance === null ? '—' : `${(g.distance / 1000).toFixed(1)} km`}`).join(', ');
    lines.push(`  round ${round.index + 1}: ${guesses}${round.damage ? `; ${round.damage.amount} damage to side ${round.damage.team}` : ''}`);
  }
  if (audit.ratingChanges?.stored) lines.push(`  Elo: ${Object.entries(audit.ratingChanges.stored).map(([id, change]) => `${audit.players.find((p) => p.id === id)?.name ?? id} ${change.before} → ${change.after}`).join(', ')}`);
  for (const finding of audit.findings) lines.push(`  ${finding.ok ? 'ok  ' : 'FAIL'} ${finding.check}: ${finding.detail}`);
  return lines.join('\n');
}
