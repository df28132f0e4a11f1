import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Creates `file` with `contents`, readable by its owner only, unless it exists: for secrets a process
 * makes on its first start (signing keys, token keys). Written whole to a temporary file, fsynced, then
 * hard-linked into place, so a crash never leaves half a file, and when another process created it first
 * the link fails and theirs wins. True when this call created it; false when it was already there (read
 * it then).
 */
export function createFileOnce(file: string, contents: string): boolean {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, contents);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    unlinkSync(temporary);
  }
}
