type Strings = Record<string, unknown>;

/** Splits `strings` into the listed key paths and the rest; throws for a path English does not have. */
export function splitStrings(strings: Strings, paths: readonly string[]): { picked: Strings; rest: Strings };

/** The Vite plugin that serves virtual:english-first-screen and virtual:english-rest. */
export function englishStringsPlugin(options: { englishFile: string; firstScreenKeys: readonly string[] }): { name: string };
