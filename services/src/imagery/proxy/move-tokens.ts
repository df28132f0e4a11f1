import { createCipheriv, createDecipheriv, createHmac, hkdfSync } from 'node:crypto';
import { latLngSchema, type LatLng } from '@globetrail/contracts';
import { z } from 'zod';
import { loadOrCreateMoveTokenKey } from './move-token-key.js';

/** A picture a player moved to, and the round they are playing. Never leaves the server in the clear. */
export interface MovePicture {
  provider: string;
  imageId: string;
  /** The round's own token: a move token opens only while its round's picture is known. */
  roundToken: string;
  /** Where the picture was taken, for the bearings of the moves on from it. */
  location: LatLng;
  /** The bearing the picture's centre faces (PanoramaCandidate.centre); absent: north. */
  centre?: number;
}

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Plaintexts are padded to a multiple of this, so a token's length says nothing about what is inside. */
const PAD_BYTES = 256;
const MAX_TOKEN_CHARS = 1024;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

const sealedSchema = z.object({ p: z.string().min(1), i: z.string().min(1), r: z.string().min(1), a: z.tuple([z.number(), z.number()]), c: z.number().min(0).lt(360).optional() });

/**
 * Move tokens: a picture a player may move to, sealed with AES-256-GCM into an opaque, unforgeable
 * `/pano/{token}` address that needs no storage. Only this server can open one; a token altered by a
 * single bit, or sealed under another key, does not open.
 *
 * Sealing is deterministic (the nonce is an HMAC of the plaintext, as in SIV modes): the same picture in
 * the same round always gets the same token, so a browser's cache serves a picture it has been to before,
 * and distinct plaintexts never share a nonce. Equal tokens reveal only that two moves lead to the same
 * picture, which the player sees anyway. Both keys are derived from one secret with HKDF.
 */
export class MoveTokens {
  private readonly encryptionKey: Buffer;
  private readonly nonceKey: Buffer;

  constructor(secret: Buffer) {
    if (secret.length < 32) throw new Error('a move token secret needs at least 32 bytes');
    this.encryptionKey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'globetrail move token: aes-256-gcm key', 32));
    this.nonceKey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'globetrail move token: nonce key', 32));
  }

  /** With the secret given (MOVE_TOKEN_KEY, shared by replicas), or the one in `<dataDir>/pano-token-key.json`, created on first use. */
  static open(dataDir: string, secret: Buffer | null = null): MoveTokens {
    return new MoveTokens(secret ?? loadOrCreateMoveTokenKey(dataDir));
  }

  seal(picture: MovePicture): string {
    // A north-facing picture's token stays as it was before pictures carried their centre (browsers' caches).
    const json = JSON.stringify({ p: picture.provider, i: picture.imageId, r: picture.roundToken, a: [picture.location.lat, picture.location.lng], ...(picture.centre ? { c: picture.centre } : {}) });
    // JSON ignores trailing spaces, so the padding needs no length field.
    const plaintext = Buffer.alloc(Math.ceil((Buffer.byteLength(json) + 1) / PAD_BYTES) * PAD_BYTES, 0x20);
    plaintext.write(json);
    const header = Buffer.from([VERSION]);
    const iv = createHmac('sha256', this.nonceKey).update(header).update(plaintext).digest().subarray(0, IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    cipher.setAAD(header);
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return Buffer.concat([header, iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  /** The sealed picture, or null for anything this server did not seal (tampered, foreign, or not a token). */
  open(token: string): MovePicture | null {
    if (token.length > MAX_TOKEN_CHARS || !BASE64URL.test(token)) return null;
    const bytes = Buffer.from(token, 'base64url');
    // Decoding ignores the spare bits of a last character: only the one spelling of a token opens.
    if (bytes.toString('base64url') !== token) return null;
    if (bytes.length < 1 + IV_BYTES + PAD_BYTES + TAG_BYTES || bytes[0] !== VERSION) return null;
    const header = bytes.subarray(0, 1);
    const iv = bytes.subarray(1, 1 + IV_BYTES);
    const body = bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES);
    const tag = bytes.subarray(bytes.length - TAG_BYTES);
    let plaintext: Buffer;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(header);
      decipher.setAuthTag(tag);
      plaintext = Buffer.concat([decipher.update(body), decipher.final()]);
    } catch {
      return null;
    }
    let parsed: z.infer<typeof sealedSchema>;
    try {
      parsed = sealedSchema.parse(JSON.parse(plaintext.toString('utf8')));
    } catch {
      return null;
    }
    const location = latLngSchema.safeParse({ lat: parsed.a[0], lng: parsed.a[1] });
    if (!location.success) return null;
    return { provider: parsed.p, imageId: parsed.i, roundToken: parsed.r, location: location.data, ...(parsed.c === undefined ? {} : { centre: parsed.c }) };
  }
}
