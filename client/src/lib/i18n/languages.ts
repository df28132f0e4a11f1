/**
 * The 31 interface languages of SPEC §1, in SPEC's order. `name` is the language's own name, shown in the
 * selector so a player finds theirs whatever the current language is; `iso` is the tag `Intl` formats
 * numbers, dates and plurals with (SPEC §3's Language: iso, code, lang).
 * Readings: Chinese is Simplified (mainland), Portuguese is Brazilian, Serbian is written in Cyrillic (its
 * official script, and what `Intl` uses for "sr"), Norwegian is Bokmål ("no" and "nn" lead to it), and
 * Filipino answers to "tl" too.
 */
export const languages = [
  { code: 'zh', iso: 'zh-CN', name: '中文（简体）' },
  { code: 'cs', iso: 'cs-CZ', name: 'Čeština' },
  { code: 'da', iso: 'da-DK', name: 'Dansk' },
  { code: 'nl', iso: 'nl-NL', name: 'Nederlands' },
  { code: 'en', iso: 'en-US', name: 'English' },
  { code: 'et', iso: 'et-EE', name: 'Eesti' },
  { code: 'fil', iso: 'fil-PH', name: 'Filipino' },
  { code: 'fi', iso: 'fi-FI', name: 'Suomi' },
  { code: 'fr', iso: 'fr-FR', name: 'Français' },
  { code: 'de', iso: 'de-DE', name: 'Deutsch' },
  { code: 'el', iso: 'el-GR', name: 'Ελληνικά' },
  { code: 'hu', iso: 'hu-HU', name: 'Magyar' },
  { code: 'id', iso: 'id-ID', name: 'Bahasa Indonesia' },
  { code: 'it', iso: 'it-IT', name: 'Italiano' },
  { code: 'ja', iso: 'ja-JP', name: '日本語' },
  { code: 'ko', iso: 'ko-KR', name: '한국어' },
  { code: 'lv', iso: 'lv-LV', name: 'Latviešu' },
  { code: 'lt', iso: 'lt-LT', name: 'Lietuvių' },
  { code: 'nb', iso: 'nb-NO', name: 'Norsk bokmål' },
  { code: 'pl', iso: 'pl-PL', name: 'Polski' },
  { code: 'pt', iso: 'pt-BR', name: 'Português (Brasil)' },
  { code: 'ro', iso: 'ro-RO', name: 'Română' },
  { code: 'ru', iso: 'ru-RU', name: 'Русский' },
  { code: 'sr', iso: 'sr-Cyrl-RS', name: 'Српски' },
  { code: 'sk', iso: 'sk-SK', name: 'Slovenčina' },
  { code: 'es', iso: 'es-ES', name: 'Español' },
  { code: 'sv', iso: 'sv-SE', name: 'Svenska' },
  { code: 'th', iso: 'th-TH', name: 'ไทย' },
  { code: 'tr', iso: 'tr-TR', name: 'Türkçe' },
  { code: 'uk', iso: 'uk-UA', name: 'Українська' },
  { code: 'vi', iso: 'vi-VN', name: 'Tiếng Việt' },
] as const;

export type LanguageCode = (typeof languages)[number]['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const supportedLanguageCodes: readonly string[] = languages.map((language) => language.code);

/** Tags a browser may send for a language we offer under another code. */
const aliases: Record<string, LanguageCode> = { no: 'nb', nn: 'nb', tl: 'fil' };

/** Maps "fr", "FR", "fr-CA" or "no" to a supported code; null when the language is not offered. */
export function toSupportedLanguage(tag: string | null | undefined): LanguageCode | null {
  if (!tag) return null;
  const base = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  return languages.find((language) => language.code === base)?.code ?? aliases[base] ?? null;
}

/** The tag `Intl` formats with for a supported code ("pt" → "pt-BR"); the code itself otherwise. */
export function intlLocale(code: string | null | undefined): string {
  return languages.find((language) => language.code === code)?.iso ?? code ?? 'en-US';
}
