import { toSupportedLanguage, type LanguageCode } from './languages';

/** SPEC §2: "/{language}" is 2–3 letters with an optional region ("/de", "/pt-BR", "/fil"). */
const LANGUAGE_PATH = /^\/([a-z]{2,3}(?:[-_][a-z]{2,4})?)\/?$/i;

/** The language named by the address path, only when it is one we support (SPEC §5). */
export function languageFromPath(pathname: string): LanguageCode | null {
  const match = LANGUAGE_PATH.exec(pathname);
  return match ? toSupportedLanguage(match[1]) : null;
}

/** SPEC §2: the language path is cleaned back to "/" after 10 seconds. */
export const LANGUAGE_PATH_CLEANUP_MS = 10_000;
/** SPEC §2: tracking query strings are removed after 1 second. */
export const TRACKING_QUERY_CLEANUP_MS = 1_000;
export const trackingParameters = ['ref', 'utm_source', 'fbclid'] as const;

/**
 * Decision: only the tracking parameters go; anything else in the query (a `lng` choice, for one)
 * stays. The hash, which holds the route, is never touched.
 */
export function withoutTrackingParameters(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!trackingParameters.some((name) => params.has(name))) return null;
  for (const name of trackingParameters) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Schedules both address clean-ups; history.state is kept so the hash router's entry stays intact. */
export function scheduleAddressCleanup(): () => void {
  const timers: ReturnType<typeof setTimeout>[] = [];
  // Any language-shaped path is cleaned, supported or not: the server only serves the app there.
  if (LANGUAGE_PATH.test(window.location.pathname)) {
    timers.push(
      setTimeout(() => {
        if (!LANGUAGE_PATH.test(window.location.pathname)) return;
        window.history.replaceState(window.history.state, '', `/${window.location.search}${window.location.hash}`);
      }, LANGUAGE_PATH_CLEANUP_MS),
    );
  }
  if (withoutTrackingParameters(window.location.search) !== null) {
    timers.push(
      setTimeout(() => {
        const search = withoutTrackingParameters(window.location.search);
        if (search === null) return;
        window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
      }, TRACKING_QUERY_CLEANUP_MS),
    );
  }
  return () => timers.forEach(clearTimeout);
}
