import { jest } from '@jest/globals';

// Live-game tests play whole games over sockets (on a 20× game clock); on a shared 2-core machine that
// can take longer than jest's default 5 s.
jest.setTimeout(30_000);
