/** See seeded-catalogue.mjs: the seeded data directory every test app starts from a copy of. */
export function seededCatalogue(repoRoot: string): Promise<string>;
export function copySeeded(template: string, dataDir: string): void;
