import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

/**
 * Sign text uses Noto fonts from @fontsource-variable packages (services dependencies), never system
 * fonts, so a fresh machine draws the same signs. Each package splits its font into woff2 files per
 * Unicode range (CJK into ~100); a file is registered only when a text first needs one of its characters.
 * A package that is not installed is skipped: text it alone could draw gets no font, and callers drop it.
 */
const PACKAGES = [
  { name: '@fontsource-variable/noto-sans', file: 'noto-sans' },
  { name: '@fontsource-variable/noto-sans-arabic', file: 'noto-sans-arabic' },
  { name: '@fontsource-variable/noto-sans-hebrew', file: 'noto-sans-hebrew' },
  { name: '@fontsource-variable/noto-sans-thai', file: 'noto-sans-thai' },
  { name: '@fontsource-variable/noto-sans-jp', file: 'noto-sans-jp' },
  { name: '@fontsource-variable/noto-sans-kr', file: 'noto-sans-kr' },
] as const;

interface Subset {
  ranges: Array<[number, number]>;
  file: string;
  registered: boolean;
}

interface LoadedPackage {
  family: string;
  subsets: Subset[];
}

const require = createRequire(import.meta.url);
let loaded: LoadedPackage[] | undefined;

function parseRanges(text: string): Array<[number, number]> {
  return text.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = parseInt(from ?? '', 16);
    return [start, to === undefined ? start : parseInt(to, 16)];
  });
}

function loadPackage({ name, file }: (typeof PACKAGES)[number]): LoadedPackage | null {
  let root: string;
  try {
    root = dirname(require.resolve(`${name}/unicode.json`));
  } catch {
    return null;
  }
  const unicode = JSON.parse(readFileSync(join(root, 'unicode.json'), 'utf8')) as Record<string, string>;
  const subsets = Object.entries(unicode).map(([key, ranges]) => ({
    ranges: parseRanges(ranges),
    file: join(root, 'files', `${file}-${key.replace(/^\[(.*)\]$/, '$1')}-wght-normal.woff2`),
    registered: false,
  }));
  return { family: `GlobeTrail ${name.split('/')[1]}`, subsets };
}

const packages = () => (loaded ??= PACKAGES.map(loadPackage).filter((found) => found !== null));

const covers = (subset: Subset, codePoint: number) =>
  subset.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);

/**
 * A CSS font-family list that draws every character of `text`, or null when a character has no bundled
 * font (the caller then leaves that text out rather than draw boxes).
 */
export function fontFamiliesFor(text: string): string | null {
  const families = new Set<string>();
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    let found = false;
    for (const fontPackage of packages()) {
      const subset = fontPackage.subsets.find((candidate) => covers(candidate, codePoint));
      if (!subset) continue;
      if (!subset.registered) {
        subset.registered = GlobalFonts.registerFromPath(subset.file, fontPackage.family) !== null;
      }
      if (!subset.registered) continue;
      families.add(fontPackage.family);
      found = true;
      break;
    }
    if (!found) return null;
  }
  const ordered = packages().filter((fontPackage) => families.has(fontPackage.family));
  return ordered.map((fontPackage) => `"${fontPackage.family}"`).join(', ') || null;
}
