import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFileOnce } from '../../platform/files/create-file-once.js';

export const MOVE_TOKEN_KEY_FILE = 'pano-token-key.json';
const KEY_BYTES = 32;

/**
 * The secret move tokens are sealed with, from `<dataDir>/pano-token-key.json` (created on first start,
 * readable by its owner only). It must outlive the process: with a fresh key per start, the moves a
 * player was offered before a restart would stop opening.
 */
export function loadOrCreateMoveTokenKey(dataDir: string): Buffer {
  const file = join(dataDir, MOVE_TOKEN_KEY_FILE);
  return readKey(file) ?? createKey(file);
}

function readKey(file: string): Buffer | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${file}: cannot read the move token key (${(error as Error).message}); restore it or delete it to make a new one (moves offered before then stop working)`);
  }
  const key = typeof stored === 'object' && stored !== null && 'k' in stored && typeof stored.k === 'string' ? Buffer.from(stored.k, 'base64url') : null;
  if (!key || key.length !== KEY_BYTES) {
    throw new Error(`${file}: not a ${KEY_BYTES}-byte move token key; restore it or delete it to make a new one (moves offered before then stop working)`);
  }
  return key;
}

function createKey(file: string): Buffer {
  const key = randomBytes(KEY_BYTES);
  const stored = { use: 'GlobeTrail move tokens: AES-256-GCM keys derived with HKDF-SHA256', k: key.toString('base64url') };
  return createFileOnce(file, JSON.stringify(stored, null, 2)) ? key : readKey(file)!;
}
