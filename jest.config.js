// Jest: SWC transform (options and `@nestodon/*` aliases from scripts/swc-options.js, which reads
// them from tsconfig.json), one database and Redis namespace per test file (libs/testing).
const { swcOptions } = require('./scripts/swc-options');

// Packages published only as ES modules, compiled to CommonJS for Jest, which loads ES modules
// from require() only under --experimental-vm-modules (Node itself loads them through
// require(esm)): dependencies of Fedify, file-type with its own, and pg-boss with its own.
const ESM_ONLY_PACKAGES = [
  'structured-field-values',
  'ky',
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer/inflate',
  'uint8array-extras',
  '@borewit/text-codec',
  'pg-boss',
  'serialize-error',
  'non-error',
];
const esmOnly = `node_modules/(${ESM_ONLY_PACKAGES.join('|')})/`;

/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs'],
  testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { ...swcOptions(), sourceMaps: 'inline' }],
    [`${esmOnly}.+\\.js$`]: [
      '@swc/jest',
      { module: { type: 'commonjs' }, jsc: { target: 'es2023', parser: { syntax: 'ecmascript' } } },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/)`],
  // file-type exports only `import` and `module-sync` conditions, which Jest does not resolve.
  moduleNameMapper: { '^file-type$': '<rootDir>/node_modules/file-type/index.js' },
  globalSetup: '<rootDir>/jest/global-setup.ts',
  globalTeardown: '<rootDir>/jest/global-teardown.ts',
  maxWorkers: 3,
  // Measured: a worker has only its stdio and IPC pipes open when told to end and exits within
  // 2 ms of reading the message, but on a loaded machine (load average 16 on 2 cores) Jest can
  // see that later than its default 500 ms and reports "failed to exit gracefully".
  workerGracefulExitTimeout: 5000,
  testTimeout: 30000,
  forceExit: false,
};
