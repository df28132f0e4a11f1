import type { LatLng } from './geo.js';

/**
 * The commitment a ranked arena match makes before its first round (SPEC-free: docs/audit.md): the
 * SHA-256 of this text, published in the match's first event, binds the server to every round's target
 * before anyone plays. After the match the salt and targets are revealed and anyone can hash this text
 * again — the audit page does it in the browser with Web Crypto, `npm run ops -- audit` with node:crypto.
 * The 32-byte random salt keeps the hash from telling anything about the targets while the match runs.
 *
 * One line per part: a version tag, the salt in hex, then each round's target as `lat,lng` in
 * JavaScript's shortest round-trip number form, in round order.
 */
export const ROUND_PLAN_TAG = 'globetrail-round-plan-v1';

export function roundPlanCommitment(salt: string, targets: readonly LatLng[]): string {
  return [ROUND_PLAN_TAG, salt, ...targets.map(({ lat, lng }) => `${String(lat)},${String(lng)}`)].join('\n');
}

/** The salt: 32 bytes as 64 lowercase hex digits. */
export const ROUND_PLAN_SALT = /^[0-9a-f]{64}$/;
/** A SHA-256 in lowercase hex. */
export const SHA256_HEX = /^[0-9a-f]{64}$/;
