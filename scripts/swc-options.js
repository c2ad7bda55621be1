// SWC settings for the build (scripts/build.js) and for Jest (jest.config.js). The `@nestodon/*`
// path aliases are written once, in tsconfig.json; everything here is derived from it.
const { resolve } = require('node:path');
const ts = require('typescript');

const ROOT = resolve(__dirname, '..');

/** tsconfig.json's compiler options (read with TypeScript's own parser, comments allowed). */
function compilerOptions() {
  const file = resolve(ROOT, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return config.compilerOptions;
}

/**
 * Options for @swc/core: TypeScript with legacy decorators and their metadata (Nest needs both)
 * to CommonJS, with imports of the aliases rewritten to relative paths (dist/ and Jest alike).
 */
function swcOptions() {
  const { baseUrl = '.', paths = {} } = compilerOptions();
  return {
    swcrc: false,
    sourceMaps: true,
    module: { type: 'commonjs' },
    jsc: {
      target: 'es2023',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
      baseUrl: resolve(ROOT, baseUrl),
      paths,
    },
  };
}

module.exports = { ROOT, swcOptions };
