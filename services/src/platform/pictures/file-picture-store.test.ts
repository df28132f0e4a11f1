import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FilePictureStore } from './file-picture-store.js';
import { pictureStoreContract } from './picture-store.contract.js';

pictureStoreContract('local files', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'globetrail-pictures-'));
  const store = new FilePictureStore(dir);
  return { store, replica: store, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
});

describe('FilePictureStore', () => {
  it('keeps pictures readable by their owner only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'globetrail-pictures-'));
    try {
      await new FilePictureStore(dir).put('uploads/a.jpg', Buffer.from('x'));
      expect(statSync(join(dir, 'uploads', 'a.jpg')).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, 'uploads')).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
