import { jest } from '@jest/globals';

// A browser test boots the app and Chromium and waits for WebGL rendering on a shared 2-core machine.
jest.setTimeout(90_000);
