/**
 * The region of the first language in an Accept-Language header, or the region that language is most
 * likely spoken in ("fr" → FR) when it names none. Null when there is no usable language.
 */
export function countryFromAcceptLanguage(header: string | undefined): string | null {
  const first = header?.split(',')[0]?.split(';')[0]?.trim();
  if (!first || first === '*') return null;
  try {
    const region = new Intl.Locale(first).maximize().region;
    return region && /^[A-Z]{2}$/.test(region) ? region : null;
  } catch {
    return null;
  }
}
