import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import firstScreenEnglish from 'virtual:english-first-screen';
import { storageKeys } from '../storage/storage-keys';
import { createLanguageDetector } from './language-detector';
import { DEFAULT_LANGUAGE, supportedLanguageCodes, toSupportedLanguage } from './languages';
import { languageFromPath } from './url-language';
import { reportClientError } from '../errors/error-reporter';

/**
 * English is the fallback: the strings of the first screen ship in the main bundle, the rest of English is
 * one chunk (loadRestOfEnglish). Every other language is a chunk of its own.
 */
const lazyLocales = import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/*.json', '!../../locales/en.json']);

/** SPEC §9: translation loading retries 5 times from 350 ms, at most 10 files in parallel. */
const LOAD_RETRIES = 5;
const LOAD_RETRY_BASE_MS = 350;
const MAX_PARALLEL_LOADS = 10;

async function withLoadRetries<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= LOAD_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, LOAD_RETRY_BASE_MS * 2 ** attempt));
    }
  }
}

async function loadLocale(language: string): Promise<Record<string, unknown>> {
  const loader = lazyLocales[`../../locales/${language}.json`];
  if (!loader) throw new Error(`no translation file for "${language}"`);
  return (await withLoadRetries(loader)).default;
}

let restOfEnglish: Promise<void> | null = null;
let englishComplete = false;

/**
 * Adds the English strings the first screen does not show (scripts/english-strings.mjs). Every lazy screen
 * and window waits for it with its own chunk, so none renders a string before it is there; a failure is
 * retried like any translation file, and the next call tries again.
 */
export function loadRestOfEnglish(): Promise<void> {
  restOfEnglish ??= withLoadRetries(() => import('virtual:english-rest')).then(
    (module) => {
      i18n.addResourceBundle('en', 'translation', module.default, true, false);
      englishComplete = true;
    },
    (error: unknown) => {
      restOfEnglish = null;
      throw error;
    },
  );
  return restOfEnglish;
}

function reportMissingKey(languages: readonly string[], key: string): void {
  reportClientError('missing-translation', new Error(`missing translation "${key}" (${languages.join(', ')})`));
}

/**
 * SPEC §8: a key missing from every language at run time is reported. Until the rest of English is in, a
 * key may only be not loaded yet: it is loaded (components show it then: `bindI18nStore`) and reported
 * only if it is still missing.
 */
function onMissingKey(languages: readonly string[], _namespace: string, key: string): void {
  if (englishComplete) {
    reportMissingKey(languages, key);
    return;
  }
  if (import.meta.env.DEV) console.warn(`translation "${key}" was used before the rest of English loaded: list it in first-screen-keys.ts if the first screen shows it`);
  loadRestOfEnglish().then(
    () => {
      if (!i18n.exists(key)) reportMissingKey(languages, key);
    },
    // The string stays unshown; the screen that needs the rest of English shows the load failure.
    () => undefined,
  );
}

const lazyBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    loadLocale(language).then(
      (resources) => callback(null, resources as never),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function syncHtmlLang(language: string): void {
  document.documentElement.lang = language;
}

const pathLanguage = languageFromPath(window.location.pathname);

export const i18nReady = i18n
  .use(lazyBackend)
  .use(
    // SPEC §9's order: ?lng=, the i18next cookie, localStorage, sessionStorage, the browser, <html lang>.
    // The choice is remembered in localStorage only: this build sets no cookies. "no" and "nn" are Bokmål
    // to us, "tl" is Filipino; anything unsupported goes on to the next source.
    createLanguageDetector({ storageKey: storageKeys.language, queryParameter: 'lng', cookie: 'i18next', convert: (tag) => toSupportedLanguage(tag) ?? tag }),
  )
  .use(initReactI18next)
  .init({
    resources: { en: { translation: firstScreenEnglish } },
    partialBundledLanguages: true,
    // An explicit "/{language}" path wins over detection (SPEC §2); otherwise SPEC §9's order applies.
    ...(pathLanguage ? { lng: pathLanguage } : {}),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...supportedLanguageCodes],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    returnNull: false,
    // {{brand}} is the name of this host's brand (SPEC §1's sister brands), set once GET /client-config answers.
    interpolation: { escapeValue: false, defaultVariables: { brand: 'GlobeTrail' } },
    maxParallelReads: MAX_PARALLEL_LOADS,
    saveMissing: true,
    missingKeyHandler: onMissingKey,
    // Strings added later (the rest of English) re-render the components that use them.
    react: { useSuspense: true, bindI18nStore: 'added' },
  })
  .then(() => {
    if (pathLanguage) i18n.services.languageDetector?.cacheUserLanguage?.(pathLanguage);
    syncHtmlLang(i18n.resolvedLanguage ?? DEFAULT_LANGUAGE);
  });

i18n.on('languageChanged', () => syncHtmlLang(i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE));

export { i18n };
