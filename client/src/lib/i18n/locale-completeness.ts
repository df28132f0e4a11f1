import type de from '../../locales/de.json';
import type en from '../../locales/en.json';
import type fr from '../../locales/fr.json';

/** Compile-time check: every language file has every key of the English one (tsc fails otherwise). */
type HasEveryKeyOf<Reference, T extends Reference> = T;
export type LocaleCompleteness = [HasEveryKeyOf<typeof en, typeof fr>, HasEveryKeyOf<typeof en, typeof de>];
