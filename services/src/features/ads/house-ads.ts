import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { HouseAd } from '@globetrail/contracts';
import { z } from 'zod';
import { ConfigError, type AdsConfig } from '../../config/config.js';

/** The largest house-ad picture served (a banner; the page shows it at most 728 × 90 CSS pixels, twice for sharp screens). */
export const HOUSE_AD_MAX_BYTES = 300 * 1024;

/** ADS_HOUSE_FILE's format (docs/ads.md): up to 20 ads, each picture a file beside it. */
const houseAdsFileSchema = z.object({
  ads: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'is lower-case letters, digits and -, at most 40'),
        image: z.string().regex(/^[\w.-]+\.(png|jpe?g|webp)$/i, 'is a .png, .jpg or .webp file name beside the ads file'),
        href: z.url({ protocol: /^https$/, error: 'is an https:// address' }),
        alt: z.string().trim().min(1).max(160),
      }),
    )
    .min(1)
    .max(20)
    .refine((ads) => new Set(ads.map((ad) => ad.id)).size === ads.length, 'has two ads with the same id'),
});

export interface HousePicture {
  body: Buffer;
  contentType: string;
}

/** The house ads as the client sees them, and each one's picture by id. */
export interface HouseAds {
  ads: HouseAd[];
  pictures: ReadonlyMap<string, HousePicture>;
}

/** What a picture's first bytes say it is; null for anything else. */
function pictureType(body: Buffer): string | null {
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return 'image/jpeg';
  if (body.subarray(0, 4).toString('latin1') === 'RIFF' && body.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

/**
 * Reads and checks the house-ads file and its pictures once, at start: a mistake stops the server with a
 * ConfigError naming ADS_HOUSE_FILE and what is wrong, rather than showing players a broken ad.
 */
export function loadHouseAds(config: AdsConfig): HouseAds | null {
  if (config.mode !== 'house') return null;
  const fail = (message: string) => new ConfigError('ADS_HOUSE_FILE', `${message} (${config.file})`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(config.file, 'utf8'));
  } catch (error) {
    throw fail(`must be a readable JSON file: ${(error as Error).message}`);
  }
  const parsed = houseAdsFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fail(`${issue.path.join('.') || 'the file'} ${issue.message}`);
  }
  const pictures = new Map<string, HousePicture>();
  const ads = parsed.data.ads.map((ad, index): HouseAd => {
    const file = resolve(dirname(config.file), ad.image);
    let body: Buffer;
    try {
      if (statSync(file).size > HOUSE_AD_MAX_BYTES) throw fail(`ads.${index}.image is larger than ${HOUSE_AD_MAX_BYTES / 1024} KB: ${ad.image}`);
      body = readFileSync(file);
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      throw fail(`ads.${index}.image cannot be read: ${ad.image}`);
    }
    const contentType = pictureType(body);
    if (contentType === null) throw fail(`ads.${index}.image is not a PNG, JPEG or WebP picture: ${ad.image}`);
    pictures.set(ad.id, { body, contentType });
    return { id: ad.id, image: `/ads/house/${ad.id}`, href: ad.href, alt: ad.alt };
  });
  return { ads, pictures };
}
