#!/usr/bin/env node
// Checks every interface language against English: the same keys (plural keys per the language's own
// plural categories, from Intl.PluralRules as i18next uses them), the same {{placeholders}}, the same
// shape for lists, and no English left in place of a translation.
// Usage: node scripts/check-locales.mjs [code …]   (all languages when none is named)
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'client', 'src', 'locales');

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** i18next's ordinal forms (`t(key, { count, ordinal: true })`): "1st", "2nd"… per Intl's ordinal rules. */
const ORDINAL_SUFFIX = /_ordinal_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /{{\s*([\w.]+)\s*(?:,[^}]*)?}}/g;
/** A value with this many words left in English is an untranslated string, not a shared name. */
const MAX_ENGLISH_WORDS = 3;
/** At most this share of a language's strings may equal English (names, units, "Elo", "OK"…). */
const MAX_ENGLISH_SHARE = 0.06;

export function readLocale(code) {
  return JSON.parse(readFileSync(join(localesDir, `${code}.json`), 'utf8'));
}

export function localeCodes() {
  return readdirSync(localesDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

export function pluralCategories(code, type = 'cardinal') {
  return new Intl.PluralRules(code, { type }).resolvedOptions().pluralCategories;
}

function placeholders(text) {
  return new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]));
}

/** Words of a text, leaving out placeholders and signs. */
function words(text) {
  return text.replace(PLACEHOLDER, ' ').split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;
}

/** Leaves of a locale as [path, value]; arrays and objects inside lists are walked too. */
function leaves(node, path = '') {
  if (typeof node === 'string') return [[path, node]];
  if (Array.isArray(node)) return node.flatMap((item, index) => leaves(item, `${path}[${index}]`));
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key));
  }
  return [[path, node]];
}

/** English's plural keys grouped by base ("live.players.title" → its "_other" text), cardinal or ordinal. */
function pluralBases(english, suffix) {
  const bases = new Map();
  for (const [path, value] of leaves(english)) {
    if (suffix.test(path) && (suffix === ORDINAL_SUFFIX || !ORDINAL_SUFFIX.test(path))) {
      const base = path.replace(suffix, '');
      if (!bases.has(base) || path.endsWith('_other')) bases.set(base, value);
    }
  }
  return bases;
}

/** Every problem of one language against English, as readable lines; empty when it is complete. */
export function checkLocale(english, locale, code) {
  const problems = [];
  const expected = new Map();
  for (const [path, value] of leaves(english)) {
    if (PLURAL_SUFFIX.test(path)) continue;
    expected.set(path, { text: value, plural: false });
  }
  for (const [base, other] of pluralBases(english, PLURAL_SUFFIX)) {
    for (const category of pluralCategories(code)) expected.set(`${base}_${category}`, { text: other, plural: true });
  }
  for (const [base, other] of pluralBases(english, ORDINAL_SUFFIX)) {
    for (const category of pluralCategories(code, 'ordinal')) expected.set(`${base}_ordinal_${category}`, { text: other, plural: true });
  }

  const actual = new Map(leaves(locale));
  let sameAsEnglish = 0;
  for (const [path, { text, plural }] of expected) {
    if (!actual.has(path)) {
      problems.push(`${code}: missing "${path}"`);
      continue;
    }
    const value = actual.get(path);
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push(`${code}: "${path}" is not a non-empty string`);
      continue;
    }
    const wanted = placeholders(text);
    const found = placeholders(value);
    for (const name of found) {
      if (!wanted.has(name)) problems.push(`${code}: "${path}" has {{${name}}}, which English does not pass`);
    }
    for (const name of wanted) {
      // A plural form may spell its number out ("one game" / "jedna hra") and leave {{count}} out.
      if (!found.has(name) && !(plural && name === 'count')) problems.push(`${code}: "${path}" lacks {{${name}}}`);
    }
    if (code !== 'en' && value === text && /\p{L}/u.test(text)) {
      sameAsEnglish += 1;
      if (words(text) > MAX_ENGLISH_WORDS) problems.push(`${code}: "${path}" is still English: "${text}"`);
    }
  }
  for (const path of actual.keys()) {
    if (!expected.has(path)) problems.push(`${code}: extra key "${path}"`);
  }
  if (code !== 'en' && sameAsEnglish / expected.size > MAX_ENGLISH_SHARE) {
    problems.push(`${code}: ${sameAsEnglish} of ${expected.size} strings are the same as English`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const english = readLocale('en');
  const codes = process.argv.length > 2 ? process.argv.slice(2) : localeCodes();
  let failed = false;
  for (const code of codes) {
    const problems = checkLocale(english, readLocale(code), code);
    if (problems.length) failed = true;
    for (const line of problems.slice(0, 200)) console.log(line);
    if (problems.length > 200) console.log(`${code}: … and ${problems.length - 200} more`);
    console.log(`${code}: ${problems.length ? `${problems.length} problem(s)` : 'complete'} (plural forms: ${pluralCategories(code).join(', ')}; ordinal forms: ${pluralCategories(code, 'ordinal').join(', ')})`);
  }
  process.exit(failed ? 1 : 0);
}
