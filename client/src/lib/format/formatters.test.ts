import i18next from 'i18next';
import { readLocale } from '../../../../scripts/check-locales.mjs';
import { intlLocale, languages } from '../i18n/languages';
import { makeFormatters, type Translate } from './formatters';

async function formattersFor(code: string, useMiles = false) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: code,
    fallbackLng: 'en',
    resources: { en: { translation: readLocale('en') }, [code]: { translation: readLocale(code) } },
    interpolation: { escapeValue: false },
  });
  return makeFormatters(code, i18n.t.bind(i18n) as unknown as Translate, useMiles);
}

describe('formatters in English', () => {
  it('write ordinals with st, nd, rd and th (11th–13th included)', async () => {
    const format = await formattersFor('en');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 1234].map(format.ordinal)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th', '1,234th',
    ]);
  });

  it('show distances in km above 1000 m and in miles above 1609 m, else metres or feet', async () => {
    const metric = await formattersFor('en');
    expect([999, 1500, 23_456].map(metric.distance)).toEqual(['999 m', '1.5 km', '23 km']);
    const imperial = await formattersFor('en', true);
    expect([1000, 5000].map(imperial.distance)).toEqual(['3,280 ft', '3.1 mi']);
  });

  it('keep counts whole up to 10 million and compact above', async () => {
    const format = await formattersFor('en');
    expect(format.count(10_000_000)).toBe('10,000,000');
    expect(format.count(12_345_678)).toBe('12.3M');
  });

  it('show seconds under 15 with one decimal, else minutes:seconds, and dates', async () => {
    const format = await formattersFor('en');
    expect(format.seconds(9_460)).toBe('9.4 s');
    expect(format.seconds(65_000)).toBe('1:05');
    expect(format.dateKey('20261126')).toBe('Nov 26, 2026');
    expect(format.dateKey('20261331')).toBe('20261331');
    expect(format.dateKey('2026-11-26')).toBe('2026-11-26');
  });
});

describe('formatters in French and German', () => {
  it('use each language’s ordinals, decimal comma and grouping', async () => {
    const fr = await formattersFor('fr');
    expect([1, 2, 21].map(fr.ordinal)).toEqual(['1er', '2e', '21e']);
    expect(fr.distance(1500)).toBe('1,5\u202fkm');
    expect(fr.count(12_345_678)).toBe('12,3\u00a0M');
    expect(fr.dateKey('20261126')).toBe('26 nov. 2026');
    const de = await formattersFor('de');
    expect([1, 2, 1234].map(de.ordinal)).toEqual(['1.', '2.', '1.234.']);
    expect(de.number(12_345)).toBe('12.345');
    expect(de.seconds(9_460)).toBe('9,4 s');
    expect(de.dateKey('20261126')).toBe('26.11.2026');
  });

  it('write distance units as each language does, not in Latin letters everywhere', async () => {
    expect((await formattersFor('ru')).distance(1500)).toBe('1,5 км');
    expect((await formattersFor('ru', true)).distance(20_000)).toBe('12 ми');
    expect((await formattersFor('el')).distance(1500)).toBe('1,5 χλμ.');
    expect((await formattersFor('zh')).distance(1500)).toBe('1.5公里');
  });
});

describe.each(languages.map((language) => [language.code]))('formatters in %s', (code) => {
  const intl = (n: number, options: Intl.NumberFormatOptions = {}) => new Intl.NumberFormat(intlLocale(code), options).format(n);

  it('write an ordinal for every number, with the number in the language’s digits and no raw key', async () => {
    const format = await formattersFor(code);
    for (const n of [1, 2, 3, 4, 5, 11, 21, 100, 1234]) {
      const text = format.ordinal(n);
      expect(text).toContain(intl(n));
      expect(text).not.toMatch(/format\.|ordinal|\{\{/);
    }
    if (code !== 'en') expect([1, 2, 3, 4].map(format.ordinal)).not.toEqual(['1st', '2nd', '3rd', '4th']);
  });

  it('words distances with the language’s decimal sign and unit text', async () => {
    const format = await formattersFor(code);
    const kilometres = format.distance(1500);
    expect(kilometres).toContain(intl(1.5, { maximumFractionDigits: 1 }));
    expect(kilometres).not.toMatch(/units\.|\{\{/);
    expect(format.distance(250)).toContain(intl(250));
    expect((await formattersFor(code, true)).distance(5000)).toContain(intl(3.1, { maximumFractionDigits: 1 }));
  });

  it('compacts counts only above 10 million', async () => {
    const format = await formattersFor(code);
    expect(format.count(9_999_999)).toBe(format.number(9_999_999));
    // Compact: the millions (or 万) in words or letters, the last digits gone.
    expect(format.count(12_345_678)).not.toBe(format.number(12_345_678));
    expect(format.count(12_345_678)).not.toContain('678');
  });

  it('shows short times with the language’s decimal sign and dates as the language writes them', async () => {
    const format = await formattersFor(code);
    expect(format.seconds(9_460)).toContain(intl(9.4, { minimumFractionDigits: 1 }));
    expect(format.seconds(125_000)).toBe('2:05');
    const date = format.dateKey('20261126');
    expect(date).not.toBe('20261126');
    expect(date).toBe(new Intl.DateTimeFormat(intlLocale(code), { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2026, 10, 26)));
    expect(format.unixDateTime(1_795_000_000)).toMatch(/\p{N}/u);
  });
});
