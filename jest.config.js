// One jest run covers every package. NestJS 12 is ESM-only, so tests run as native ESM
// (`node --experimental-vm-modules`, see package.json) and swc keeps `import` statements as they are.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];

const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@globetrail/contracts$': '<rootDir>/contracts/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  rootDir: '.',
};

export default {
  // One worker per core: jest's default leaves a core to itself, which on our 2-core machines ran every suite
  // in one process, one after another. Not more: the run keeps both cores busy (docs/testing.md).
  maxWorkers: '100%',
  // The preset maps, seeded once into a template that every test app's data directory copies.
  globalSetup: '<rootDir>/tests/support/global-setup.mjs',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/contracts/src/**/*.test.ts', '<rootDir>/services/src/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/unit-timeout.ts'],
    },
    {
      // The client's pure modules (formatters, policies, detectors) and its translations, in Node.
      ...common,
      displayName: 'client',
      testMatch: ['<rootDir>/client/src/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/tests/api/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/api-timeout.ts'],
    },
    {
      ...common,
      displayName: 'deploy',
      testMatch: ['<rootDir>/tests/deploy/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/e2e-timeout.ts'],
    },
  ],
};
