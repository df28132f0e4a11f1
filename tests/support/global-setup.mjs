import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededCatalogue } from '../../scripts/seeded-catalogue.mjs';

/** Before any test: the seeded data directory test apps copy (see scripts/seeded-catalogue.mjs). */
export default async function globalSetup() {
  await seededCatalogue(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'));
}
