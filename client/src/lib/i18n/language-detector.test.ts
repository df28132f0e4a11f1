import { detectLanguages, type LanguageSources } from './language-detector';
import { toSupportedLanguage } from './languages';

const options = { queryParameter: 'lng', cookie: 'i18next', convert: (tag: string) => toSupportedLanguage(tag) ?? tag };
const none: LanguageSources = { query: '', cookie: '', stored: null, sessionStored: null, browser: [], htmlLang: null };

describe('language detection', () => {
  it('lists every source in SPEC §9 order: ?lng=, cookie, localStorage, sessionStorage, browser, <html lang>', () => {
    const sources: LanguageSources = { query: '?a=1&lng=fr', cookie: 'x=1; i18next=de', stored: 'it', sessionStored: 'es', browser: ['pt-BR', 'en-US'], htmlLang: 'en' };
    expect(detectLanguages(sources, options)).toEqual(['fr', 'de', 'it', 'es', 'pt', 'en', 'en']);
  });

  it('maps "no", "nn" and "tl" to the codes offered, and keeps unsupported tags for i18next to pass over', () => {
    expect(detectLanguages({ ...none, query: '?lng=xx', browser: ['nn-NO', 'tl'] }, options)).toEqual(['xx', 'nb', 'fil']);
  });

  it('drops values that are not language codes, so nothing can break out of lang="…"', () => {
    expect(detectLanguages({ ...none, query: '?lng=%22%3E%3Cb%3E', cookie: 'i18next=a b', stored: '__proto__', htmlLang: 'en' }, options)).toEqual(['en']);
  });

  it('finds nothing when no source says anything', () => {
    expect(detectLanguages(none, options)).toEqual([]);
  });
});
