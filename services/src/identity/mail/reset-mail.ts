import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ResetMailTexts {
  subject: string;
  text: string;
}

export type ResetMailWriter = (language: string, values: { code: string; minutes: number; brand: string }) => ResetMailTexts;

const ENGLISH: ResetMailTexts = {
  subject: 'Your {{brand}} password reset code',
  text: 'Your code to choose a new {{brand}} password is {{code}}.\n\nIt works for {{minutes}} minutes. If you did not ask for it, ignore this email: your password stays as it is.',
};

const fill = (template: string, values: Record<string, string | number>) => template.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => String(values[name] ?? whole));

/**
 * The reset email in the player's interface language: its `mail.reset` texts from the client's locale files
 * (client/src/locales), English when the language or the file is missing.
 */
export function resetMailFromLocales(localesDir: string): ResetMailWriter {
  const cache = new Map<string, ResetMailTexts>();
  const textsFor = (language: string): ResetMailTexts => {
    const cached = cache.get(language);
    if (cached) return cached;
    let texts = ENGLISH;
    if (/^[a-z]{2,3}$/.test(language)) {
      try {
        const locale = JSON.parse(readFileSync(join(localesDir, `${language}.json`), 'utf8')) as { mail?: { reset?: Partial<ResetMailTexts> } };
        const reset = locale.mail?.reset;
        if (reset?.subject && reset.text) texts = { subject: reset.subject, text: reset.text };
      } catch {
        // No such language here: English.
      }
    }
    cache.set(language, texts);
    return texts;
  };
  return (language, values) => {
    const texts = textsFor(language);
    return { subject: fill(texts.subject, values), text: fill(texts.text, values) };
  };
}

export const englishResetMail: ResetMailWriter = (_language, values) => ({ subject: fill(ENGLISH.subject, values), text: fill(ENGLISH.text, values) });
