import type { SKRSContext2D } from '@napi-rs/canvas';
import type { PlaceName } from '../sample-place.js';
import { fontFamiliesFor } from './fonts.js';

/** Used when no bundled font covers Latin text either: whatever the machine has, possibly nothing. */
const SYSTEM_FALLBACK = 'sans-serif';

export interface SignLine {
  text: string;
  families: string;
}

/**
 * The lines a sign shows for a name: the local form when a bundled font can draw it, then the Latin
 * form. A script without a font loses its line rather than showing boxes.
 */
export function nameLines(name: PlaceName): { local: SignLine | null; latin: SignLine } {
  const latin = { text: name.latin, families: fontFamiliesFor(name.latin) ?? SYSTEM_FALLBACK };
  if (name.local === undefined || name.local === name.latin) return { local: null, latin };
  const families = fontFamiliesFor(name.local);
  return { local: families ? { text: name.local, families } : null, latin };
}

export function lineOf(text: string): SignLine | null {
  const families = fontFamiliesFor(text);
  return families ? { text, families } : null;
}

/** Draws `line` at (x, baseline), shrinking it to fit `maxWidth`. */
export function drawFitted(
  context: SKRSContext2D,
  line: SignLine,
  x: number,
  baseline: number,
  size: number,
  maxWidth: number,
  style = 'bold',
): void {
  context.font = `${style} ${size}px ${line.families}`;
  const width = context.measureText(line.text).width;
  if (width > maxWidth && width > 0) context.font = `${style} ${Math.floor((size * maxWidth) / width)}px ${line.families}`;
  context.fillText(line.text, x, baseline);
}
