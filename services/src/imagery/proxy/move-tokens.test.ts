import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MOVE_TOKEN_KEY_FILE } from './move-token-key.js';
import { type MovePicture, MoveTokens } from './move-tokens.js';

const picture: MovePicture = {
  provider: 'panoramax',
  imageId: '3f6c0e1a-7b2d-4c89-9e15-2a4b6c8d0e1f/a7e3c1f0-2b4d-4e6a-8c9b-1d2e3f405162',
  roundToken: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  location: { lat: 48.853419, lng: 2.34895 },
};

/** Flips one bit of the token's bytes and spells the result as a token again. */
function flipBit(token: string, byte: number): string {
  const bytes = Buffer.from(token, 'base64url');
  bytes[byte]! ^= 0x01;
  return bytes.toString('base64url');
}

describe('move tokens', () => {
  const tokens = new MoveTokens(randomBytes(32));

  it('open to the picture they sealed', () => {
    expect(tokens.open(tokens.seal(picture))).toEqual(picture);
    const mapillary = { provider: 'mapillary', imageId: '1383728082010917', roundToken: 'a'.repeat(32), location: { lat: -33.8568, lng: 151.2153 } };
    expect(tokens.open(tokens.seal(mapillary))).toEqual(mapillary);
    // With the bearing the picture's centre faces, which its turn needs.
    const turned = { ...picture, centre: 212.5 };
    expect(tokens.open(tokens.seal(turned))).toEqual(turned);
    expect(tokens.seal(turned)).not.toBe(tokens.seal(picture));
  });

  it('are opaque: no provider id, round token or coordinate in any spelling', () => {
    const token = tokens.seal(picture);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    const decoded = Buffer.from(token, 'base64url').toString('latin1');
    const needles = ['3f6c0e1a', 'a7e3c1f0', '0f1e2d3c', 'panoramax', '48.853', '2.348', '2.349', '48,853', '2,349'];
    for (const text of [token, token.toLowerCase(), decoded]) expect(needles.filter((needle) => text.toLowerCase().includes(needle))).toEqual([]);
  });

  it('have the same length whatever the picture, so their length tells nothing', () => {
    const lengths = new Set(
      [
        picture,
        { ...picture, location: { lat: -0.5, lng: 10 } },
        { ...picture, location: { lat: -89.123456789012, lng: -179.98765432101 } },
        { ...picture, provider: 'local', imageId: 'sample-0123456789abcdef0123' },
      ].map((p) => tokens.seal(p).length),
    );
    expect(lengths.size).toBe(1);
  });

  it('are the same for the same picture in the same round, and differ for another round or picture', () => {
    expect(tokens.seal(picture)).toBe(tokens.seal({ ...picture }));
    expect(tokens.seal({ ...picture, roundToken: 'b'.repeat(32) })).not.toBe(tokens.seal(picture));
    expect(tokens.seal({ ...picture, imageId: `${picture.imageId.slice(0, -1)}3` })).not.toBe(tokens.seal(picture));
  });

  it('do not open when any bit of them is changed', () => {
    const token = tokens.seal(picture);
    const length = Buffer.from(token, 'base64url').length;
    for (let byte = 0; byte < length; byte++) expect({ byte, opened: tokens.open(flipBit(token, byte)) }).toEqual({ byte, opened: null });
  });

  it('do not open when cut, lengthened or respelled', () => {
    const token = tokens.seal(picture);
    expect(tokens.open(token.slice(0, -4))).toBeNull();
    expect(tokens.open(`${token}AAAA`)).toBeNull();
    expect(tokens.open(`${token}=`)).toBeNull();
    expect(tokens.open(`${token.slice(0, -1)}+`)).toBeNull();
    expect(tokens.open(`${token.slice(0, -1)}/`)).toBeNull();
    expect(tokens.open('')).toBeNull();
    expect(tokens.open('0123456789abcdef0123456789abcdef')).toBeNull();
    expect(tokens.open('../../etc/passwd')).toBeNull();
  });

  it('do not open under another key', () => {
    const other = new MoveTokens(randomBytes(32));
    expect(other.open(tokens.seal(picture))).toBeNull();
    expect(tokens.open(other.seal(picture))).toBeNull();
  });

  describe('their key', () => {
    let dataDir: string;
    beforeEach(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'globetrail-move-key-'));
    });
    afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

    it('is created once in DATA_DIR, readable by its owner only, and kept across restarts', () => {
      const token = MoveTokens.open(dataDir).seal(picture);
      const file = join(dataDir, MOVE_TOKEN_KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const stored = readFileSync(file, 'utf8');
      expect(MoveTokens.open(dataDir).open(token)).toEqual(picture);
      expect(readFileSync(file, 'utf8')).toBe(stored);
    });

    it('stops the process with a message naming the file when it is damaged', () => {
      writeFileSync(join(dataDir, MOVE_TOKEN_KEY_FILE), '{"k":"c2hvcnQ"}');
      expect(() => MoveTokens.open(dataDir)).toThrow(/pano-token-key\.json: not a 32-byte move token key/);
      writeFileSync(join(dataDir, MOVE_TOKEN_KEY_FILE), 'not json');
      expect(() => MoveTokens.open(dataDir)).toThrow(/pano-token-key\.json: cannot read the move token key/);
    });
  });
});
