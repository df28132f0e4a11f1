import { z } from 'zod';

/**
 * Characters no name, title or message needs and that only hide or disguise text: C0/C1 controls (NUL,
 * escape, …), the bidi embedding/override/isolate controls that make "gpj.exe" read "exe.jpg", line and
 * paragraph separators, and the byte-order mark. Zero-width joiners (emoji, Indic and Persian scripts) and
 * the left-to-right/right-to-left marks stay.
 */
const HIDDEN = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u2028\u2029\uFEFF]/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const HIDDEN_EXCEPT_LINES = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u2028\u2029\uFEFF]/u;

/** Why a text was refused, or null when it is fine (also for the client's forms). */
export function freeTextProblem(text: string, multiline = false): string | null {
  if (LONE_SURROGATE.test(text)) return 'contains a broken character (an unpaired surrogate)';
  if ((multiline ? HIDDEN_EXCEPT_LINES : HIDDEN).test(text)) return multiline ? 'contains control or direction-override characters' : 'contains control characters, line breaks or direction overrides';
  return null;
}

/**
 * Free text a player types (names, titles, descriptions, comments, chat): Unicode NFC (so "é" typed two
 * ways is one name), trimmed, length-limited after both, and refused when it hides characters (above).
 * `multiline` allows line breaks and tabs.
 */
export function freeTextSchema(limits: { min?: number; max: number; multiline?: boolean; tooShort?: string }) {
  const min = limits.min ?? 0;
  return z
    .string()
    .normalize('NFC')
    .trim()
    .min(min, limits.tooShort ?? (min === 1 ? 'must not be empty' : `must be at least ${min} characters`))
    .max(limits.max, `must be at most ${limits.max} characters`)
    .superRefine((text, context) => {
      const problem = freeTextProblem(text, limits.multiline ?? false);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
}

/**
 * Code points a name does not need that render as nothing or as blank: Unicode's default-ignorables (zero-
 * width space, soft hyphen, invisible operators, TAG characters, …) except the zero-width joiner and
 * non-joiner (emoji, Indic and Persian scripts), the direction marks (Hebrew, Arabic) and variation
 * selectors (emoji presentation), plus the blank-looking letters and symbols: Hangul fillers and the
 * Braille blank. So "alice" and "alice" + an invisible tag cannot both be names that look the same. Spaces
 * (a full-width one between a Japanese family and given name) show as gaps and stay; a name of spaces
 * alone has no letter.
 */
const INVISIBLE_IN_NAMES = /(?![\u200C-\u200F\u061C\uFE00-\uFE0F])[\p{Default_Ignorable_Code_Point}\u115F\u1160\u3164\uFFA0\u2800]/u;
/** Something a reader sees: a letter or digit of any script that is not a blank-looking filler. */
const VISIBLE = /(?![\u115F\u1160\u3164\uFFA0])[\p{L}\p{N}]/u;

/** Why a name was refused (beyond free text's rules), or null (also for the client's forms). */
export function nameProblem(name: string): string | null {
  if (INVISIBLE_IN_NAMES.test(name)) return 'contains invisible or blank characters';
  if (!VISIBLE.test(name)) return 'needs at least one letter or digit';
  return null;
}

/** A player's display name as typed (events keep the older, lenient schema so history always replays). */
export const playerNameSchema = freeTextSchema({ min: 1, max: 40 }).superRefine((name, context) => {
  const problem = nameProblem(name);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});
