import type en from '../../locales/en.json';
import type zh from '../../locales/zh.json';
import type cs from '../../locales/cs.json';
import type da from '../../locales/da.json';
import type nl from '../../locales/nl.json';
import type et from '../../locales/et.json';
import type fil from '../../locales/fil.json';
import type fi from '../../locales/fi.json';
import type fr from '../../locales/fr.json';
import type de from '../../locales/de.json';
import type el from '../../locales/el.json';
import type hu from '../../locales/hu.json';
import type id from '../../locales/id.json';
import type it from '../../locales/it.json';
import type ja from '../../locales/ja.json';
import type ko from '../../locales/ko.json';
import type lv from '../../locales/lv.json';
import type lt from '../../locales/lt.json';
import type nb from '../../locales/nb.json';
import type pl from '../../locales/pl.json';
import type pt from '../../locales/pt.json';
import type ro from '../../locales/ro.json';
import type ru from '../../locales/ru.json';
import type sr from '../../locales/sr.json';
import type sk from '../../locales/sk.json';
import type es from '../../locales/es.json';
import type sv from '../../locales/sv.json';
import type th from '../../locales/th.json';
import type tr from '../../locales/tr.json';
import type uk from '../../locales/uk.json';
import type vi from '../../locales/vi.json';

/**
 * Compile-time check: every language file has every key of English and no other (tsc fails and names the
 * keys). Plural and ordinal forms differ by language ("_one/_other" in English, "_one/_few/_many/_other" in
 * Russian, "_other" alone in Japanese), so keys are compared without their plural suffix; which suffixes
 * each language needs, and its placeholders, are checked by scripts/check-locales.mjs in the tests.
 */
type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type Paths<T, P extends string = ''> = T extends string
  ? P
  : T extends readonly (infer Item)[]
    ? Paths<Item, `${P}[]`>
    : { [K in keyof T & string]: Paths<T[K], P extends '' ? K : `${P}.${K}`> }[keyof T & string];
type WithoutPlural<K extends string> = K extends `${infer Base}_ordinal_${PluralCategory}`
  ? Base
  : K extends `${infer Base}_${PluralCategory}`
    ? Base
    : K;
type Keys<T> = WithoutPlural<Paths<T>>;
type Complete<Reference, T> = [Exclude<Keys<Reference>, Keys<T>>] extends [never]
  ? [Exclude<Keys<T>, Keys<Reference>>] extends [never]
    ? true
    : { extraKeys: Exclude<Keys<T>, Keys<Reference>> }
  : { missingKeys: Exclude<Keys<Reference>, Keys<T>> };

export interface LocaleCompleteness {
  zh: Complete<typeof en, typeof zh>;
  cs: Complete<typeof en, typeof cs>;
  da: Complete<typeof en, typeof da>;
  nl: Complete<typeof en, typeof nl>;
  et: Complete<typeof en, typeof et>;
  fil: Complete<typeof en, typeof fil>;
  fi: Complete<typeof en, typeof fi>;
  fr: Complete<typeof en, typeof fr>;
  de: Complete<typeof en, typeof de>;
  el: Complete<typeof en, typeof el>;
  hu: Complete<typeof en, typeof hu>;
  id: Complete<typeof en, typeof id>;
  it: Complete<typeof en, typeof it>;
  ja: Complete<typeof en, typeof ja>;
  ko: Complete<typeof en, typeof ko>;
  lv: Complete<typeof en, typeof lv>;
  lt: Complete<typeof en, typeof lt>;
  nb: Complete<typeof en, typeof nb>;
  pl: Complete<typeof en, typeof pl>;
  pt: Complete<typeof en, typeof pt>;
  ro: Complete<typeof en, typeof ro>;
  ru: Complete<typeof en, typeof ru>;
  sr: Complete<typeof en, typeof sr>;
  sk: Complete<typeof en, typeof sk>;
  es: Complete<typeof en, typeof es>;
  sv: Complete<typeof en, typeof sv>;
  th: Complete<typeof en, typeof th>;
  tr: Complete<typeof en, typeof tr>;
  uk: Complete<typeof en, typeof uk>;
  vi: Complete<typeof en, typeof vi>;
}
/** Fails to compile with "'true' is not assignable to { missingKeys: …; }" naming the language's gaps. */
export const localeCompleteness: LocaleCompleteness = {
  zh: true,
  cs: true,
  da: true,
  nl: true,
  et: true,
  fil: true,
  fi: true,
  fr: true,
  de: true,
  el: true,
  hu: true,
  id: true,
  it: true,
  ja: true,
  ko: true,
  lv: true,
  lt: true,
  nb: true,
  pl: true,
  pt: true,
  ro: true,
  ru: true,
  sr: true,
  sk: true,
  es: true,
  sv: true,
  th: true,
  tr: true,
  uk: true,
  vi: true,
};
