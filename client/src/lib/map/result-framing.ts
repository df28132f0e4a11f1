import type { LatLng } from '@globetrail/contracts';
import type { PaddingOptions } from 'maplibre-gl';

/** The target moved to the world copy nearest the guess, so the line and the framing take the short way. */
export function nearestCopy(target: LatLng, guess: LatLng | null): LatLng {
  if (!guess) return target;
  let lng = target.lng;
  while (lng - guess.lng > 180) lng -= 360;
  while (lng - guess.lng < -180) lng += 360;
  return { lat: target.lat, lng };
}

/**
 * Keeps a result map's markers clear of the toolbar above (at most `maxTop` px) and the panel below
 * (measured), never leaving less than a fifth of the screen for them.
 */
export function resultMapPadding(panel: HTMLElement | null, maxTop: number, topShare: number): PaddingOptions {
  const height = window.innerHeight;
  const width = window.innerWidth;
  const side = Math.min(60, width * 0.08);
  const top = Math.min(maxTop, height * topShare);
  const covered = panel ? height - panel.getBoundingClientRect().top + 24 : height * 0.45;
  const bottom = Math.max(24, Math.min(covered, height * 0.8 - top));
  return { top, right: side, bottom, left: side };
}
