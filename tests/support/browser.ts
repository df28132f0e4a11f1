import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (ENVIRONMENT.md): Playwright cannot download its own browser on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Flags that keep headless Chromium off the closed network and give it WebGL through SwiftShader. The
 * compositor draws on the CPU (`--disable-gpu-compositing`): composited on SwiftShader, every frame of an
 * animation (a spinner) is drawn and read back at about 350 ms on 2 cores, which starved the WebGL calls of
 * the map and the panorama and made a game take 14 s instead of 1.5 s to show (WebGL itself still runs).
 */
const FLAGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-gpu-compositing',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
}

/** Collects uncaught page errors and console errors so a test can assert the page never crashed. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A failed resource's message names no address; its location does (so a failure says which request).
    if (message.type() === 'error') errors.push(`console: ${message.text()}${/^Failed to load resource/.test(message.text()) ? ` (${message.location().url})` : ''}`);
  });
  return errors;
}
