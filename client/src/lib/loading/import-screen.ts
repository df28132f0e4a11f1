import { importWithRetry } from '../errors/module-import';
import { loadRestOfEnglish } from '../i18n/i18n';

/**
 * A lazy screen's or window's chunk, retried like any chunk, together with the English strings the first
 * screen did not carry: it renders only once both are in (its loading state shows meanwhile).
 */
export async function importScreen<T>(load: () => Promise<T>): Promise<T> {
  const [module] = await Promise.all([importWithRetry(load), loadRestOfEnglish()]);
  return module;
}
