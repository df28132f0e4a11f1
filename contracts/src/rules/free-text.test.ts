import { freeTextSchema, playerNameSchema } from './free-text.js';

describe('free text a player types', () => {
  it('is NFC-normalised and trimmed before its length is checked', () => {
    const decomposed = ' Jose\u0301 ';
    expect(playerNameSchema.parse(decomposed)).toBe('José');
    expect(playerNameSchema.parse(decomposed).length).toBe(4);
    expect(playerNameSchema.safeParse('   ').success).toBe(false);
    expect(playerNameSchema.safeParse('x'.repeat(41)).error?.issues[0]?.message).toBe('must be at most 40 characters');
  });

  it.each([
    ['NUL', 'Ann\u0000a'],
    ['escape', 'Ann\u001b[31ma'],
    ['a line break in a name', 'Ann\na'],
    ['a right-to-left override', 'gpj\u202Eexe'],
    ['an isolate', 'a\u2066b'],
    ['a byte-order mark inside', 'An\uFEFFna'],
    ['a C1 control', 'Ann\u0085a'],
    ['an unpaired surrogate', 'Ann\uD800a'],
  ])('refuses %s', (_what, text) => {
    expect(playerNameSchema.safeParse(text).success).toBe(false);
  });

  it('keeps what real names and messages need: joiners, marks, emoji, other scripts', () => {
    for (const name of ['👩‍👩‍👧 family', 'می‌خواهم', 'שלום\u200F!', 'Zoë', '東京タワー', 'Ελλάδα']) expect(playerNameSchema.parse(name)).toBe(name.normalize('NFC'));
  });

  it('allows line breaks and tabs only where text is multiline', () => {
    const description = freeTextSchema({ max: 100, multiline: true });
    expect(description.parse('line one\n\tline two')).toBe('line one\n\tline two');
    expect(description.safeParse('bell\u0007').success).toBe(false);
    expect(freeTextSchema({ max: 100 }).safeParse('line one\nline two').success).toBe(false);
  });
});

describe('a player name', () => {
  const accepts = (name: string) => playerNameSchema.safeParse(name).success;
  it('refuses names that render as nothing or blank, or that hide invisible characters after visible ones', () => {
    for (const name of ['alice\u200B', 'alice\u{E0061}\u{E007F}', '\u3164', '\u3164\u3164\u3164', '\u2800', 'bob\u00AD', 'a\u2060b', '\u115F\u1160', '\u3000\u2003\u3000']) {
      expect({ name, accepted: accepts(name) }).toEqual({ name, accepted: false });
    }
    expect(playerNameSchema.safeParse('\u3164').error?.issues.map((issue) => issue.message)).toContain('contains invisible or blank characters');
  });

  it('needs a letter or a digit, in any script, and keeps joiners, emoji and spaces', () => {
    expect(playerNameSchema.safeParse('😀').error?.issues[0]?.message).toBe('needs at least one letter or digit');
    for (const name of ['Zoë', '👩‍💻 Ada', '❤️ Bo', '山田\u3000太郎', 'نازنین\u200Cپور', 'R2', '42']) expect({ name, accepted: accepts(name) }).toEqual({ name, accepted: true });
  });
});
