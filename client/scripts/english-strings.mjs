// English is the fallback language, so it cannot be a lazy file like the other 30: but only the strings
// the first screen shows need to be in the main bundle. This Vite plugin cuts src/locales/en.json (still
// the one source file, which the locale checks read) into two modules:
//   virtual:english-first-screen  the key paths listed in src/lib/i18n/first-screen-keys.ts
//   virtual:english-rest          every other key, a chunk of its own loaded with the next screen
import { readFileSync } from 'node:fs';

const FIRST_SCREEN = 'virtual:english-first-screen';
const REST = 'virtual:english-rest';

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Splits `strings` into the listed key paths ("welcome", "legal.termsTitle") and the rest; a path English
 * does not have throws, so a stale list fails the build.
 */
export function splitStrings(strings, paths) {
  const picked = {};
  const rest = structuredClone(strings);
  for (const path of paths) {
    const keys = path.split('.');
    let from = strings;
    let into = picked;
    let left = rest;
    keys.forEach((key, index) => {
      if (!isObject(from) || !(key in from)) throw new Error(`first-screen strings: English has no "${path}"`);
      if (index === keys.length - 1) {
        into[key] = from[key];
        delete left[key];
        return;
      }
      from = from[key];
      into = into[key] ??= {};
      left = left[key];
    });
  }
  return { picked, rest: withoutEmptySections(rest) };
}

function withoutEmptySections(node) {
  const kept = {};
  for (const [key, value] of Object.entries(node)) {
    if (!isObject(value)) kept[key] = value;
    else if (Object.keys(value).length > 0) {
      const inner = withoutEmptySections(value);
      if (Object.keys(inner).length > 0) kept[key] = inner;
    }
  }
  return kept;
}

/** The Vite side: `englishFile` is en.json, `firstScreenKeys` the paths the main bundle carries. */
export function englishStringsPlugin({ englishFile, firstScreenKeys }) {
  const ids = new Map([
    [`\0${FIRST_SCREEN}`, 'picked'],
    [`\0${REST}`, 'rest'],
  ]);
  return {
    name: 'globetrail-english-strings',
    resolveId(id) {
      return id === FIRST_SCREEN || id === REST ? `\0${id}` : null;
    },
    load(id) {
      const part = ids.get(id);
      if (!part) return null;
      this.addWatchFile(englishFile);
      const strings = splitStrings(JSON.parse(readFileSync(englishFile, 'utf8')), firstScreenKeys)[part];
      // JSON.parse of a string literal is quicker for engines to load than the same object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(strings))});`;
    },
  };
}
