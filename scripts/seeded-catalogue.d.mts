/** See seeded-catalogue.mjs: the seeded data directory every test app starts from a copy of. */
export function seededCatalogue(repoRoot: string): Promise<string>;
export function copySeeded(template: string, dataDir: string): void;
/** See seeded-catalogue.mjs: the folder every test app paints its offline sample pictures into. */
export function sharedSamplePictures(repoRoot: string): string;
