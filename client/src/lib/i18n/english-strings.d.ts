/** Parts of en.json served by scripts/english-strings.mjs (a Vite plugin); keys are typed from en.json itself. */
declare module 'virtual:english-first-screen' {
  const strings: Record<string, unknown>;
  export default strings;
}

declare module 'virtual:english-rest' {
  const strings: Record<string, unknown>;
  export default strings;
}
