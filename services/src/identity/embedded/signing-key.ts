import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { type CryptoKey, type JSONWebKeySet, type JWK, calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK } from 'jose';

export const SIGNING_ALGORITHM = 'ES256';
const KEY_FILE = 'identity-key.json';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey | Uint8Array;
  jwks: JSONWebKeySet;
}

/**
 * Loads the identity's signing key from `<dataDir>/identity-key.json`, creating it on first start. The key
 * must outlive the process: with a fresh key per start, every issued token would stop verifying on restart.
 */
export async function loadOrCreateSigningKey(dataDir: string): Promise<SigningKey> {
  const file = join(dataDir, KEY_FILE);
  const stored = readKeyFile(file) ?? (await createKeyFile(file));
  return fromStoredJwk(stored, file);
}

function readKeyFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${file}: cannot read the identity signing key (${(error as Error).message}); restore it or delete it to issue a new key (existing sessions end)`);
  }
}

async function createKeyFile(file: string): Promise<unknown> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const stored = { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: SIGNING_ALGORITHM, use: 'sig' };

  // Written whole to a temporary file and then hard-linked into place: a crash never leaves half a key,
  // and if another process created the key first, linking fails and its key wins.
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, JSON.stringify(stored, null, 2));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temporary, file);
    return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readKeyFile(file);
  } finally {
    unlinkSync(temporary);
  }
}

async function fromStoredJwk(stored: unknown, file: string): Promise<SigningKey> {
  const jwk = stored as JWK;
  if (typeof jwk !== 'object' || jwk === null || jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d || !jwk.x || !jwk.y || !jwk.kid) {
    throw new Error(`${file}: not an ${SIGNING_ALGORITHM} private key; restore it or delete it to issue a new key (existing sessions end)`);
  }
  const publicJwk: JWK = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, kid: jwk.kid, alg: SIGNING_ALGORITHM, use: 'sig' };
  return { kid: jwk.kid, privateKey: await importJWK(jwk, SIGNING_ALGORITHM), jwks: { keys: [publicJwk] } };
}
