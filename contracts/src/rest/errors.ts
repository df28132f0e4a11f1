import { z } from 'zod';

/** Every 4xx/5xx body. `field` names the offending input (dotted path) when one is to blame. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Machine-readable codes the client maps to translated messages. */
export const errorCodes = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'anonymous_not_allowed',
  'not_an_operator',
  'rebuild_running',
  'score_mismatch',
  'already_submitted',
  'unranked_imagery',
  'round_not_guessed',
  'round_already_guessed',
  'round_not_current',
  'no_imagery',
  'email_taken',
  'invalid_credentials',
  'invalid_code',
  'code_expired',
  'weak_password',
  'common_password',
  'rate_limited',
  'internal',
  // Live games (docs/live-games.md)
  'not_in_game',
  'not_host',
  'game_full',
  'game_not_joinable',
  'wrong_phase',
  'round_over',
  'invalid_coordinates',
  'elo_too_low',
  'no_teams',
  'already_in_queue',
  // The generator tool (contracts/src/rest/generator.ts)
  'provider_not_configured',
  'imagery_unavailable',
  'too_many_runs',
  'generator_busy',
  'run_not_finished',
  'run_failed',
  'not_enough_locations',
  // Image maps (contracts/src/rest/image-maps.ts)
  'unsupported_media_type',
  'payload_too_large',
  // Maps (contracts/src/rest/maps.ts, docs/maps.md)
  'map_deleted',
  'locations_fixed',
  'locations_private',
  // Challenges (contracts/src/rest/challenges.ts, docs/challenges.md)
  'challenge_not_started',
  'challenge_ended',
  'not_joined',
  'level_too_low',
  'round_time_over',
  'already_rated',
  'challenge_completed',
  // Pictures (docs/security.md: a Blink round's picture is served only while it shows)
  'picture_not_shown',
  'picture_hidden',
  // Ghost duels (docs/ghost-duels.md)
  'not_ghostable',
  'play_challenge_first',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
