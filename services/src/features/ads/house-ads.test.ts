import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../config/config.js';
import { HOUSE_AD_MAX_BYTES, loadHouseAds } from './house-ads.js';

/** A 1 × 1 PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('house ads (ADS_HOUSE_FILE)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'house-ads-'));
    writeFileSync(join(dir, 'cup.png'), TINY_PNG);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const load = (ads: unknown) => {
    const file = join(dir, 'house.json');
    writeFileSync(file, typeof ads === 'string' ? ads : JSON.stringify({ ads }));
    return () => loadHouseAds({ mode: 'house', file, freePrefixes: [] });
  };
  const cup = { id: 'spring-cup', image: 'cup.png', href: 'https://example.org/cup', alt: 'The Spring Cup: 64 players, one map' };

  it('reads the ads and their pictures once, and serves each picture from this site under its id', () => {
    const houseAds = load([cup])()!;
    expect(houseAds.ads).toEqual([{ id: 'spring-cup', image: '/ads/house/spring-cup', href: 'https://example.org/cup', alt: cup.alt }]);
    expect(houseAds.pictures.get('spring-cup')).toEqual({ body: TINY_PNG, contentType: 'image/png' });
    expect(loadHouseAds({ mode: 'off' })).toBeNull();
  });

  it('stops the start naming ADS_HOUSE_FILE and the field when the file is wrong', () => {
    const refusal = (ads: unknown) => {
      try {
        load(ads)();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal('{ not json')).toMatch(/ADS_HOUSE_FILE must be a readable JSON file/);
    expect(refusal([])).toMatch(/ADS_HOUSE_FILE ads /);
    expect(refusal([{ ...cup, href: 'http://example.org/cup' }])).toMatch(/ads\.0\.href is an https:\/\/ address/);
    expect(refusal([{ ...cup, image: '../secret.png' }])).toMatch(/ads\.0\.image is a \.png/);
    expect(refusal([cup, { ...cup, alt: 'again' }])).toMatch(/two ads with the same id/);
    expect(refusal([{ ...cup, image: 'missing.png' }])).toMatch(/ads\.0\.image cannot be read: missing\.png/);
    writeFileSync(join(dir, 'fake.png'), 'not a picture');
    expect(refusal([{ ...cup, image: 'fake.png' }])).toMatch(/ads\.0\.image is not a PNG, JPEG or WebP picture/);
    writeFileSync(join(dir, 'huge.png'), Buffer.concat([TINY_PNG, Buffer.alloc(HOUSE_AD_MAX_BYTES)]));
    expect(refusal([{ ...cup, image: 'huge.png' }])).toMatch(/ads\.0\.image is larger than 300 KB/);
  });
});
