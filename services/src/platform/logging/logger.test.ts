import { jest } from '@jest/globals';
import { Logger, logThroughNest, type NamedLogger, printLogsAs } from './logger.js';

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

  it("prints JSON lines with the fields of Nest's JSON logger, and only the levels asked for", () => {
    const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      printLogsAs({ format: 'json', level: 'warn' });
      const logger = new Logger('rebuild');
      logger.log('started');
      logger.warn('slow');
      logger.error('failed');
      expect(stdout.mock.calls.map(([line]) => JSON.parse(String(line)) as unknown)).toEqual([{ level: 'warn', pid: process.pid, timestamp: expect.any(Number), message: 'slow', context: 'rebuild' }]);
      expect(stderr.mock.calls.map(([line]) => JSON.parse(String(line)) as unknown)).toEqual([{ level: 'error', pid: process.pid, timestamp: expect.any(Number), message: 'failed', context: 'rebuild' }]);
      printLogsAs({ format: 'text', level: 'log' });
      logger.log('done');
      expect(log).toHaveBeenCalledWith(expect.stringMatching(/LOG \[rebuild\] done$/));
    } finally {
      for (const spy of [stdout, stderr, log]) spy.mockRestore();
      printLogsAs({ format: 'text', level: 'log' });
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
