import { jest } from '@jest/globals';
import { Logger, logThroughNest, type NamedLogger } from './logger.js';

describe('Logger', () => {
  it('writes to the console, naming its level and context, until the app sends it through Nest', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      new Logger('projection:maps').error('stopped: disk full');
      expect(error).toHaveBeenCalledWith(expect.stringMatching(/ERROR \[projection:maps\] stopped: disk full$/));
    } finally {
      error.mockRestore();
    }
  });

  it('sends every message, also of a logger made before, through the logger the app gives', () => {
    const early = new Logger('event-store');
    const seen: string[] = [];
    const make = (context: string): NamedLogger => ({
      log: (message) => seen.push(`log ${context} ${message}`),
      warn: (message) => seen.push(`warn ${context} ${message}`),
      error: (message) => seen.push(`error ${context} ${message}`),
    });
    logThroughNest(make);
    early.warn('checkpointing failed');
    new Logger('bus:a/b').log('retrying');
    expect(seen).toEqual(['warn event-store checkpointing failed', 'log bus:a/b retrying']);
  });
});
