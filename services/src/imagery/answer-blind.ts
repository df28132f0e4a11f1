/** The provider name rounds on Google Street View record (`panorama.provider`). */
export const GOOGLE_STREET_VIEW = 'google';

/**
 * Whether a round's picture kept the answer-blind promise, judged by the provider recorded with the round.
 * Known by name rather than asked of the configured registry: projections rebuilt from position 0 and
 * score submissions read rounds recorded under any earlier configuration, and must judge them the same
 * way whatever is configured today. Agrees with every provider's own `answerBlind` (answer-blind.test.ts).
 */
export function isAnswerBlindProvider(provider: string): boolean {
  return provider !== GOOGLE_STREET_VIEW;
}

/**
 * What Google's own viewer needs to show a round's picture: its panorama id. Null for every other
 * provider, whose pictures the browser gets only as bytes from our server.
 */
export function streetViewOf(panorama: { provider: string; imageId: string }): { panoId: string } | null {
  return panorama.provider === GOOGLE_STREET_VIEW ? { panoId: panorama.imageId } : null;
}
