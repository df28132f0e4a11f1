import { splitStrings } from '../../../scripts/english-strings.mjs';
import { readLocale } from '../../../../scripts/check-locales.mjs';
import { firstScreenKeys } from './first-screen-keys';

const english = readLocale('en') as Record<string, unknown>;

/** Every leaf of a strings tree as "path=value". */
function leaves(node: unknown, path = ''): string[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return [`${path}=${JSON.stringify(node)}`];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key));
}

describe('English cut for the first load', () => {
  it('gives the first screen its keys and the rest everything else: together all of English, no string twice', () => {
    const { picked, rest } = splitStrings(english, firstScreenKeys);
    const first = leaves(picked);
    const others = leaves(rest);
    expect([...first, ...others].sort()).toEqual(leaves(english).sort());
    expect(first.filter((leaf) => others.includes(leaf))).toEqual([]);
    expect(first).toContain(`welcome.play=${JSON.stringify('Play')}`);
    expect(others.some((leaf) => leaf.startsWith('legal.') && !leaf.startsWith('legal.termsTitle=') && !leaf.startsWith('legal.privacyTitle='))).toBe(true);
  });

  it('fails on a key English does not have, so a stale list stops the build', () => {
    expect(() => splitStrings(english, ['welcome.noSuchKey'])).toThrow('English has no "welcome.noSuchKey"');
  });
});
