// Jest: SWC transform, one database and Redis namespace per test file (libs/testing).
const { readFileSync } = require('node:fs');
const swcrc = JSON.parse(readFileSync(`${__dirname}/.swcrc`, 'utf8'));
delete swcrc.$schema;
const { paths } = swcrc.jsc;
delete swcrc.jsc.paths;
delete swcrc.jsc.baseUrl;

const moduleNameMapper = {};
for (const [alias, [target]] of Object.entries(paths)) {
  const pattern = alias.endsWith('/*') ? `^${alias.slice(0, -2)}/(.*)$` : `^${alias}$`;
  moduleNameMapper[pattern] = `<rootDir>/${target.replace('*', '$1')}`;
}

/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs'],
  testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swcrc, sourceMaps: 'inline' }] },
  moduleNameMapper,
  globalSetup: '<rootDir>/jest/global-setup.ts',
  globalTeardown: '<rootDir>/jest/global-teardown.ts',
  maxWorkers: 3,
  testTimeout: 30000,
  forceExit: false,
};
