import { jest } from '@jest/globals';

// Many unit tests write real SQLite files with synchronous = FULL. Alone they take well under a second,
// but in the full run they share two cores and one disk with Chromium and the API suites, where an fsync can
// wait seconds: CI once saw the export/import test (1,200 durable events, twice) pass 5 s. A timeout is a
// hang guard, not a speed check — speed lives in the benchmarks.
jest.setTimeout(30_000);
