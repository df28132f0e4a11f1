import type { LanguageDetectorModule } from 'i18next';
import { safeLocalStorage, safeSessionStorage } from '../storage/web-storage';

/** Where a language may be found, in SPEC §9's order: ?lng=, the i18next cookie, storage, the browser, <html lang>. */
export interface LanguageSources {
  /** The page's query string, or the one after the "?" of its #/ address. */
  query: string;
  cookie: string;
  stored: string | null;
  sessionStored: string | null;
  browser: readonly string[];
  htmlLang: string | null;
}

/** The shape i18next accepts from outside (its isSafeLanguageCode): nothing that could break out of `lang="…"`. */
const isSafeLanguageCode = (code: string) => /^[A-Za-z0-9_@.-]{1,128}$/.test(code) && !code.includes('..') && !['__proto__', 'constructor', 'prototype'].includes(code);

function fromQuery(query: string, name: string): string | null {
  let found: string | null = null;
  for (const pair of query.replace(/^\?/, '').split('&')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at) === name) found = pair.slice(at + 1);
  }
  return found;
}

function fromCookie(cookie: string, name: string): string | null {
  for (const part of cookie.split(';')) {
    const entry = part.trimStart();
    if (entry.startsWith(`${name}=`)) return entry.slice(name.length + 1) || null;
  }
  return null;
}

/**
 * Every candidate language, best first; i18next takes the first it supports, so an unsupported one gives
 * way to the next source. (What i18next-browser-languagedetector did for this configuration, in a few
 * hundred bytes of the first load instead of two kilobytes.)
 */
export function detectLanguages(sources: LanguageSources, options: { queryParameter: string; cookie: string; convert: (tag: string) => string }): string[] {
  const found = [fromQuery(sources.query, options.queryParameter), fromCookie(sources.cookie, options.cookie), sources.stored, sources.sessionStored, ...sources.browser, sources.htmlLang];
  return found.filter((code): code is string => typeof code === 'string' && code !== '' && isSafeLanguageCode(code)).map(options.convert);
}

function readStorage(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) || null;
  } catch {
    return null;
  }
}

function browserSources(storageKey: string): LanguageSources {
  const { search, hash } = window.location;
  let cookie = '';
  try {
    cookie = document.cookie;
  } catch {
    // Some embedding contexts forbid cookies; the other sources remain.
  }
  return {
    query: search || (hash.includes('?') ? hash.slice(hash.indexOf('?')) : ''),
    cookie,
    stored: readStorage(safeLocalStorage(), storageKey),
    sessionStored: readStorage(safeSessionStorage(), storageKey),
    browser: navigator.languages ?? (navigator.language ? [navigator.language] : []),
    htmlLang: document.documentElement.getAttribute('lang'),
  };
}

/** The page's language detector; the chosen language is remembered in localStorage only (no cookies). */
export function createLanguageDetector(options: { storageKey: string; queryParameter: string; cookie: string; convert: (tag: string) => string }): LanguageDetectorModule {
  return {
    type: 'languageDetector',
    detect: () => detectLanguages(browserSources(options.storageKey), options),
    cacheUserLanguage(language: string) {
      if (language === 'cimode') return;
      try {
        safeLocalStorage()?.setItem(options.storageKey, language);
      } catch {
        // Full or unavailable storage: the choice lasts for this page.
      }
    },
  };
}
