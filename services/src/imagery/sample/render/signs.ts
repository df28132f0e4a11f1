import type { SKRSContext2D } from '@napi-rs/canvas';
import type { CountryConventions } from '../countries.js';
import type { SamplePlace } from '../sample-place.js';
import { drawFitted, lineOf, nameLines } from './sign-text.js';
import { paintTexture, type Texture } from './texture.js';

export interface Board {
  texture: Texture;
  /** Metres. */
  width: number;
  height: number;
}

const KM_PER_MILE = 1.609344;
const MARGIN = 0.16;

function distanceText(km: number, unit: CountryConventions['distanceUnit']): string {
  return unit === 'mi' ? `${Math.max(1, Math.round(km / KM_PER_MILE))} mi` : `${km} km`;
}

function arrow(context: SKRSContext2D, x: number, y: number, size: number, direction: 'ahead' | 'left' | 'right') {
  context.save();
  context.translate(x + size / 2, y + size / 2);
  context.rotate(direction === 'ahead' ? 0 : direction === 'left' ? -Math.PI / 2 : Math.PI / 2);
  context.beginPath();
  context.moveTo(0, -size * 0.45);
  context.lineTo(size * 0.32, -size * 0.08);
  context.lineTo(size * 0.1, -size * 0.08);
  context.lineTo(size * 0.1, size * 0.45);
  context.lineTo(-size * 0.1, size * 0.45);
  context.lineTo(-size * 0.1, -size * 0.08);
  context.lineTo(-size * 0.32, -size * 0.08);
  context.closePath();
  context.fill();
  context.restore();
}

function frame(context: SKRSContext2D, width: number, height: number, background: string, border: string, scale: number) {
  context.fillStyle = background;
  context.fillRect(0, 0, width, height);
  context.strokeStyle = border;
  context.lineWidth = 0.05 * scale;
  const inset = 0.07 * scale;
  context.beginPath();
  context.roundRect(inset, inset, width - 2 * inset, height - 2 * inset, 0.1 * scale);
  context.stroke();
}

/**
 * Nearby places with distances, as the country's direction signs show them; local script above Latin.
 * `alongKm`: how far along the road towards them the sign stands from the place's own point (a round's
 * camera moved along its road): each distance is that much shorter, never under 1.
 */
export function directionSign(place: SamplePlace, conventions: CountryConventions, scale: number, alongKm = 0): Board {
  const rows = place.destinations.map((destination, index) => ({
    ...nameLines(destination.name),
    distance: distanceText(Math.max(1, Math.round(destination.km - alongKm)), conventions.distanceUnit),
    direction: (['ahead', 'left', 'right'] as const)[index % 3]!,
  }));
  const rowHeight = (row: (typeof rows)[number]) => (row.local ? 0.95 : 0.62);
  const width = 4.8;
  const height = rows.reduce((sum, row) => sum + rowHeight(row), 0) + 2 * MARGIN;
  const { background, text } = conventions.directionSign;
  const texture = paintTexture(width * scale, height * scale, (context) => {
    frame(context, width * scale, height * scale, background, text, scale);
    context.fillStyle = text;
    context.textBaseline = 'alphabetic';
    let top = MARGIN;
    for (const row of rows) {
      const nameLeft = (MARGIN + 0.62) * scale;
      const distanceWidth = 1.15 * scale;
      const nameWidth = (width - MARGIN) * scale - distanceWidth - nameLeft - 0.1 * scale;
      arrow(context, (MARGIN + 0.08) * scale, (top + 0.08) * scale, 0.44 * scale, row.direction);
      if (row.local) {
        drawFitted(context, row.local, nameLeft, (top + 0.47) * scale, 0.44 * scale, nameWidth);
        drawFitted(context, row.latin, nameLeft, (top + 0.86) * scale, 0.3 * scale, nameWidth, 'bold');
      } else {
        drawFitted(context, row.latin, nameLeft, (top + 0.46) * scale, 0.42 * scale, nameWidth);
      }
      const distance = lineOf(row.distance) ?? { text: row.distance, families: 'sans-serif' };
      context.textAlign = 'right';
      drawFitted(context, distance, (width - MARGIN - 0.1) * scale, (top + 0.46) * scale, 0.36 * scale, distanceWidth);
      context.textAlign = 'left';
      top += rowHeight(row);
    }
  });
  return { texture, width, height };
}

/** The nearest town's name board: local form above the Latin one. */
export function townBoard(place: SamplePlace, scale: number): Board {
  const { local, latin } = nameLines(place.town);
  const width = 3.4;
  const height = local ? 1.5 : 0.95;
  const texture = paintTexture(width * scale, height * scale, (context) => {
    frame(context, width * scale, height * scale, '#f6f6f2', '#1a1a1a', scale);
    context.fillStyle = '#1a1a1a';
    context.textAlign = 'center';
    const inner = (width - 2 * MARGIN - 0.1) * scale;
    if (local) {
      drawFitted(context, local, (width / 2) * scale, 0.72 * scale, 0.52 * scale, inner);
      drawFitted(context, latin, (width / 2) * scale, 1.24 * scale, 0.36 * scale, inner);
    } else {
      drawFitted(context, latin, (width / 2) * scale, 0.66 * scale, 0.5 * scale, inner);
    }
  });
  return { texture, width, height };
}

/** A shop front's name board with one word in the local language. */
export function shopBoard(word: string, width: number, colours: [string, string], scale: number): Board {
  const height = 1.3;
  const line = lineOf(word);
  const texture = paintTexture(width * scale, height * scale, (context) => {
    context.fillStyle = colours[0];
    context.fillRect(0, 0, width * scale, height * scale);
    if (!line) return;
    context.fillStyle = colours[1];
    context.textAlign = 'center';
    drawFitted(context, line, (width / 2) * scale, 0.9 * scale, 0.8 * scale, (width - 0.6) * scale);
  });
  return { texture, width, height };
}
