import { ZodError } from 'zod';
import { parseDomainEvent } from './domain-event.js';

const createdAt = '2026-11-29T10:00:00.000Z';

describe('parseDomainEvent', () => {
  it('parses an event by its own type and version, with the schema’s own normalising (a name trimmed)', () => {
    expect(parseDomainEvent('UserCreated', 1, { userId: 'u1', name: '  Ana ', isAnonymous: false, createdAt })).toEqual({
      type: 'UserCreated',
      version: 1,
      data: { userId: 'u1', name: 'Ana', isAnonymous: false, createdAt },
    });
  });

  it('refuses a bad field, naming its path', () => {
    expect(() => parseDomainEvent('UserCreated', 1, { userId: '', name: 'Ana', isAnonymous: false, createdAt })).toThrow(ZodError);
    try {
      parseDomainEvent('UserCreated', 1, { userId: '', name: 'Ana', isAnonymous: false, createdAt });
    } catch (error) {
      expect((error as ZodError).issues[0]!.path).toEqual(['data', 'userId']);
    }
  });

  it('refuses an unknown type and an unknown version of a known type', () => {
    expect(() => parseDomainEvent('NoSuchEvent', 1, {})).toThrow(ZodError);
    expect(() => parseDomainEvent('UserCreated', 7, { userId: 'u1', name: 'Ana', isAnonymous: false, createdAt })).toThrow(ZodError);
  });

  it('drops fields an event’s schema does not know (as the union did)', () => {
    const event = parseDomainEvent('UserDeleted', 1, { userId: 'u1', deletedAt: createdAt, extra: true });
    expect(event.data).toEqual({ userId: 'u1', deletedAt: createdAt });
  });
});
