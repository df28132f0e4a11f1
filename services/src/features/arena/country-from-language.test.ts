import { countryFromAcceptLanguage } from './country-from-language.js';

describe('countryFromAcceptLanguage (GET /arena/getCountry)', () => {
  it.each([
    ['pt-BR,pt;q=0.9,en;q=0.8', 'BR'],
    ['en-GB', 'GB'],
    ['fr', 'FR'],
    ['ja;q=0.9', 'JP'],
    ['es-419', null],
    ['*', null],
    ['', null],
    [undefined, null],
    ['not a language!', null],
  ])('%p → %p', (header, country) => {
    expect(countryFromAcceptLanguage(header)).toBe(country);
  });
});
