import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A 1 × 1 PNG: a house ad's picture for tests. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Writes a house-ads file with two ads and their pictures (docs/ads.md) and returns its path. */
export function houseAdsFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'house-ads-'));
  writeFileSync(join(dir, 'cup.png'), TINY_PNG);
  writeFileSync(join(dir, 'club.png'), TINY_PNG);
  const file = join(dir, 'house.json');
  writeFileSync(
    file,
    JSON.stringify({
      ads: [
        { id: 'spring-cup', image: 'cup.png', href: 'https://example.org/cup', alt: 'The Spring Cup: 64 players, one map' },
        { id: 'map-club', image: 'club.png', href: 'https://example.org/club', alt: 'The map club meets on Fridays' },
      ],
    }),
  );
  return file;
}
