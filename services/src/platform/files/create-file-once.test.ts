import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileOnce } from './create-file-once.js';

describe('createFileOnce', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'globetrail-file-once-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the file, readable by its owner only, in a folder it makes', () => {
    const file = join(dir, 'nested', 'key.json');
    expect(createFileOnce(file, 'first')).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('first');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps the file that is already there and says so, leaving no temporary file behind', () => {
    const file = join(dir, 'key.json');
    createFileOnce(file, 'first');
    expect(createFileOnce(file, 'second')).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('first');
    expect(readdirSync(dir)).toEqual(['key.json']);
  });
});
