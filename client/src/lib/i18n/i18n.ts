import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import { storageKeys } from '../storage/storage-keys';
import { DEFAULT_LANGUAGE, supportedLanguageCodes, toSupportedLanguage } from './languages';
import { languageFromPath } from './url-language';
import { reportClientError } from '../errors/error-reporter';

/** English ships in the main bundle (it is the fallback); every other language is its own chunk. */
const lazyLocales = import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/*.json', '!../../locales/en.json']);

/** SPEC §9: translation loading retries 5 times from 350 ms, at most 10 files in parallel. */
const LOAD_RETRIES = 5;
const LOAD_RETRY_BASE_MS = 350;
const MAX_PARALLEL_LOADS = 10;

async function loadLocale(language: string): Promise<Record<string, unknown>> {
  const loader = lazyLocales[`../../locales/${language}.json`];
  if (!loader) throw new Error(`no translation file for "${language}"`);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return (await loader()).default;
    } catch (error) {
      if (attempt >= LOAD_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, LOAD_RETRY_BASE_MS * 2 ** attempt));
    }
  }
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
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
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
    // SPEC §8: a key missing from every language at run time is reported.
    saveMissing: true,
    missingKeyHandler: (languages: readonly string[], _namespace: string, key: string) =>
      reportClientError('missing-translation', new Error(`missing translation "${key}" (${languages.join(', ')})`)),
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: storageKeys.language,
      lookupSessionStorage: storageKeys.language,
      // Remembered in localStorage only: this build sets no cookies.
      caches: ['localStorage'],
      // "no" and "nn" are Bokmål to us, "tl" is Filipino; anything unsupported goes on to the next source.
      convertDetectedLanguage: (tag: string) => toSupportedLanguage(tag) ?? tag,
    },
    react: { useSuspense: true },
  })
  .then(() => {
    if (pathLanguage) i18n.services.languageDetector?.cacheUserLanguage?.(pathLanguage);
    syncHtmlLang(i18n.resolvedLanguage ?? DEFAULT_LANGUAGE);
  });

i18n.on('languageChanged', () => syncHtmlLang(i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE));

export { i18n };
