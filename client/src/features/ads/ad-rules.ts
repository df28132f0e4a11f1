import type { ClientAds, HouseAd } from '@globetrail/contracts';
import { isExempt } from '../../lib/security/devtools-guard';

/** SPEC §7: the ad script loads 15 s after the page, never sooner (the game comes first). */
export const AD_SCRIPT_DELAY_MS = 15_000;

/** Where an ad may show: the home view and a round's result; never during a round, on the map or the panorama. */
export type AdPlacement = 'home' | 'between-rounds';

/** The player's answer to an ad provider that needs one (local storage `gt.adsConsent`); null: not asked yet. */
export type AdConsent = 'yes' | 'no' | null;

export type AdDecision =
  | { show: 'nothing' }
  | { show: 'house'; ad: HouseAd }
  | { show: 'ask' }
  | { show: 'provider'; scriptUrl: string };

/**
 * What an ad slot shows: nothing when ads are off or the player's id has an ad-free prefix; a house ad
 * (the `turn`-th, round robin, so the slots of one visit differ); or the provider's slot, once the player
 * agreed where the provider needs consent (until then the question, and after a "no" nothing).
 */
export function decideAd(ads: ClientAds | undefined, uid: string | null, consent: AdConsent, turn: number): AdDecision {
  if (!ads || ads.mode === 'off' || isExempt(uid, ads.freePrefixes)) return { show: 'nothing' };
  if (ads.mode === 'house') return { show: 'house', ad: ads.ads[turn % ads.ads.length]! };
  if (ads.consentRequired && consent === null) return { show: 'ask' };
  if (ads.consentRequired && consent === 'no') return { show: 'nothing' };
  return { show: 'provider', scriptUrl: ads.scriptUrl };
}
