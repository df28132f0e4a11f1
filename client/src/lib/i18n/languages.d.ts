/**
 * The 31 interface languages of SPEC §1, in SPEC's order. `name` is the language's own name, shown in the
 * selector so a player finds theirs whatever the current language is; `iso` is the tag `Intl` formats
 * numbers, dates and plurals with (SPEC §3's Language: iso, code, lang).
 * Readings: Chinese is Simplified (mainland), Portuguese is Brazilian, Serbian is written in Cyrillic (its
 * official script, and what `Intl` uses for "sr"), Norwegian is Bokmål ("no" and "nn" lead to it), and
 * Filipino answers to "tl" too.
 */
export declare const languages: readonly [{
    readonly code: "zh";
    readonly iso: "zh-CN";
    readonly name: "中文（简体）";
}, {
    readonly code: "cs";
    readonly iso: "cs-CZ";
    readonly name: "Čeština";
}, {
    readonly code: "da";
    readonly iso: "da-DK";
    readonly name: "Dansk";
}, {
    readonly code: "nl";
    readonly iso: "nl-NL";
    readonly name: "Nederlands";
}, {
    readonly code: "en";
    readonly iso: "en-US";
    readonly name: "English";
}, {
    readonly code: "et";
    readonly iso: "et-EE";
    readonly name: "Eesti";
}, {
    readonly code: "fil";
    readonly iso: "fil-PH";
    readonly name: "Filipino";
}, {
    readonly code: "fi";
    readonly iso: "fi-FI";
    readonly name: "Suomi";
}, {
    readonly code: "fr";
    readonly iso: "fr-FR";
    readonly name: "Français";
}, {
    readonly code: "de";
    readonly iso: "de-DE";
    readonly name: "Deutsch";
}, {
    readonly code: "el";
    readonly iso: "el-GR";
    readonly name: "Ελληνικά";
}, {
    readonly code: "hu";
    readonly iso: "hu-HU";
    readonly name: "Magyar";
}, {
    readonly code: "id";
    readonly iso: "id-ID";
    readonly name: "Bahasa Indonesia";
}, {
    readonly code: "it";
    readonly iso: "it-IT";
    readonly name: "Italiano";
}, {
    readonly code: "ja";
    readonly iso: "ja-JP";
    readonly name: "日本語";
}, {
    readonly code: "ko";
    readonly iso: "ko-KR";
    readonly name: "한국어";
}, {
    readonly code: "lv";
    readonly iso: "lv-LV";
    readonly name: "Latviešu";
}, {
    readonly code: "lt";
    readonly iso: "lt-LT";
    readonly name: "Lietuvių";
}, {
    readonly code: "nb";
    readonly iso: "nb-NO";
    readonly name: "Norsk bokmål";
}, {
    readonly code: "pl";
    readonly iso: "pl-PL";
    readonly name: "Polski";
}, {
    readonly code: "pt";
    readonly iso: "pt-BR";
    readonly name: "Português (Brasil)";
}, {
    readonly code: "ro";
    readonly iso: "ro-RO";
    readonly name: "Română";
}, {
    readonly code: "ru";
    readonly iso: "ru-RU";
    readonly name: "Русский";
}, {
    readonly code: "sr";
    readonly iso: "sr-Cyrl-RS";
    readonly name: "Српски";
}, {
    readonly code: "sk";
    readonly iso: "sk-SK";
    readonly name: "Slovenčina";
}, {
    readonly code: "es";
    readonly iso: "es-ES";
    readonly name: "Español";
}, {
    readonly code: "sv";
    readonly iso: "sv-SE";
    readonly name: "Svenska";
}, {
    readonly code: "th";
    readonly iso: "th-TH";
    readonly name: "ไทย";
}, {
    readonly code: "tr";
    readonly iso: "tr-TR";
    readonly name: "Türkçe";
}, {
    readonly code: "uk";
    readonly iso: "uk-UA";
    readonly name: "Українська";
}, {
    readonly code: "vi";
    readonly iso: "vi-VN";
    readonly name: "Tiếng Việt";
}];
export type LanguageCode = (typeof languages)[number]['code'];
export declare const DEFAULT_LANGUAGE: LanguageCode;
export declare const supportedLanguageCodes: readonly string[];
/** Maps "fr", "FR", "fr-CA" or "no" to a supported code; null when the language is not offered. */
export declare function toSupportedLanguage(tag: string | null | undefined): LanguageCode | null;
/** The tag `Intl` formats with for a supported code ("pt" → "pt-BR"); the code itself otherwise. */
export declare function intlLocale(code: string | null | undefined): string;
