import { CHALLENGE_LIMITS } from '@globetrail/contracts';

/**
 * A request for a Blink round's picture that arrives this long after the picture hid is still served: the
 * page asked for it in time and the network was slow (the page counts the seconds from when it is on screen).
 */
export const BLINK_PICTURE_GRACE_MS = CHALLENGE_LIMITS.graceMs;

/** When a Blink round's picture shows: one window (a challenge round's), or each live player's own. */
export type BlinkShowing =
  | { kind: 'one'; hidesAt: number }
  | { kind: 'players'; seconds: number; hidesAt: readonly number[]; ended: boolean };

/**
 * Whether a Blink round's picture may be served at `now`: 'shown' while a window is open (plus the grace),
 * 'not_started' before any opened, 'hidden' after (a challenge round starts when its picture shows). A live round's picture is served again once the round
 * has ended, when its target is no secret (spectators, the result screen); a challenge round's never is.
 */
export function blinkPictureState(showing: BlinkShowing, now: number): 'shown' | 'not_started' | 'hidden' {
  if (showing.kind === 'one') {
    return now <= showing.hidesAt + BLINK_PICTURE_GRACE_MS ? 'shown' : 'hidden';
  }
  if (showing.ended) return 'shown';
  if (showing.hidesAt.length === 0) return 'not_started';
  const open = showing.hidesAt.some((hidesAt) => now >= hidesAt - showing.seconds * 1000 && now <= hidesAt + BLINK_PICTURE_GRACE_MS);
  return open ? 'shown' : 'hidden';
}
