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

/** A player's display name as typed (events keep the older, lenient schema so history always replays). */
export const playerNameSchema = freeTextSchema({ min: 1, max: 40 });
