import { normaliseSearchText } from '@globetrail/contracts';

/** Search looks at this many characters of a query; a name is indexed up to as many from each word. */
export const SEARCH_TERM_MAX = 24;
const SEARCH_TERM_MIN = 2;

/**
 * Every text a search may be for that finds this name: each prefix (2 to 24 characters) of the name read
 * from the start of each of its words. "Roads of France" is found by "ro", "of fr" and "france".
 */
export function searchTermsOf(name: string): string[] {
  const text = normaliseSearchText(name);
  const terms = new Set<string>();
  for (let start = 0; start < text.length; start++) {
    if (start > 0 && text[start - 1] !== ' ') continue;
    const end = Math.min(text.length, start + SEARCH_TERM_MAX);
    for (let length = SEARCH_TERM_MIN; start + length <= end; length++) {
      const term = text.slice(start, start + length);
      if (!term.endsWith(' ')) terms.add(term);
    }
  }
  return [...terms];
}

/** The term a search query looks up. */
export const searchTermOf = (query: string): string => normaliseSearchText(query).slice(0, SEARCH_TERM_MAX).trimEnd();
