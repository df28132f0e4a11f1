import { checkLocale, localeCodes, pluralCategories, readLocale } from '../../../../scripts/check-locales.mjs';
import { languages, toSupportedLanguage } from './languages';

const english = readLocale('en');

describe('interface languages', () => {
  it('ships one translation file for each of SPEC §1’s 31 languages, and no other', () => {
    expect(languages).toHaveLength(31);
    expect(localeCodes()).toEqual(languages.map((language) => language.code).sort());
  });

  it.each(languages.map((language) => [language.code, language.name]))('%s (%s) has every key, plural form and placeholder of English, translated', (code) => {
    expect(checkLocale(english, readLocale(code), code)).toEqual([]);
  });

  it('finds a missing key, an extra key, a lost placeholder, a missing plural form and English left in place', () => {
    const russian = readLocale('ru');
    const broken = structuredClone(russian);
    delete broken.common.close;
    broken.common.extra = 'лишний';
    broken.units.s = '{{amount}} с';
    delete broken.toolbar.dailyNew_few;
    broken.welcome.accountsText = english.welcome.accountsText;
    const problems = checkLocale(english, broken, 'ru');
    expect(problems).toEqual(
      expect.arrayContaining([
        'ru: missing "common.close"',
        'ru: extra key "common.extra"',
        'ru: "units.s" has {{amount}}, which English does not pass',
        'ru: "units.s" lacks {{value}}',
        'ru: missing "toolbar.dailyNew_few"',
        expect.stringMatching(/^ru: "welcome.accountsText" is still English/),
      ]),
    );
    expect(pluralCategories('ru')).toEqual(expect.arrayContaining(['one', 'few', 'many', 'other']));
  });

  it('maps the tags browsers send to the languages offered', () => {
    expect(toSupportedLanguage('pt-BR')).toBe('pt');
    expect(toSupportedLanguage('no')).toBe('nb');
    expect(toSupportedLanguage('nn-NO')).toBe('nb');
    expect(toSupportedLanguage('tl')).toBe('fil');
    expect(toSupportedLanguage('zh-Hans-CN')).toBe('zh');
    expect(toSupportedLanguage('sr-Latn')).toBe('sr');
    expect(toSupportedLanguage('ar')).toBeNull();
  });
});
