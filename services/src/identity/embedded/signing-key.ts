import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFileOnce } from '../../platform/files/create-file-once.js';
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
  return createFileOnce(file, JSON.stringify(stored, null, 2)) ? stored : readKeyFile(file);
}

async function fromStoredJwk(stored: unknown, file: string): Promise<SigningKey> {
  const jwk = stored as JWK;
  if (typeof jwk !== 'object' || jwk === null || jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d || !jwk.x || !jwk.y || !jwk.kid) {
    throw new Error(`${file}: not an ${SIGNING_ALGORITHM} private key; restore it or delete it to issue a new key (existing sessions end)`);
  }
  const publicJwk: JWK = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, kid: jwk.kid, alg: SIGNING_ALGORITHM, use: 'sig' };
  return { kid: jwk.kid, privateKey: await importJWK(jwk, SIGNING_ALGORITHM), jwks: { keys: [publicJwk] } };
}
