/**
 * Interface languages shipped so far (SPEC §1 lists 31; the rest follow). `name` is the language's own
 * name, shown in the selector so a player finds theirs whatever the current language is.
 */
export const languages = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
] as const;

export type LanguageCode = (typeof languages)[number]['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const supportedLanguageCodes: readonly string[] = languages.map((language) => language.code);

/** Maps "fr", "FR" or "fr-CA" to a supported code; null when the language is not offered. */
export function toSupportedLanguage(tag: string | null | undefined): LanguageCode | null {
  if (!tag) return null;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return languages.find((language) => language.code === base)?.code ?? null;
}
