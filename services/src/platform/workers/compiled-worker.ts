/**
 * The compiled worker entry `name`.js beside the module at `moduleUrl`, or null when that module runs
 * from its TypeScript source. Only jest runs the sources (through swc, in a vm), and a worker thread is
 * plain Node: it cannot load `.ts` files, whose relative imports name `.js` files that exist only after
 * the build. Pointing it at services/dist instead would run whatever was built last, not the code under
 * test, so from sources the callers do the work on the calling thread; their worker tests compile the
 * current sources and pass the compiled entry explicitly.
 */
export function compiledWorkerBeside(moduleUrl: string, name: string): URL | null {
  return new URL(moduleUrl).pathname.endsWith('.js') ? new URL(`./${name}.js`, moduleUrl) : null;
}
