/** Writes .br and .gz beside each compressible file of `${distDir}/assets`; returns the byte totals. */
export function precompress(distDir: string): Promise<{ files: number; plain: number; brotli: number; gzip: number }>;

/** The Vite plugin that runs `precompress` on every build's output directory. */
export function precompressPlugin(): { name: string; apply: 'build' };
