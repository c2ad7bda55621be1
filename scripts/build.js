// `npm run build`: compiles apps/, libs/ and bench/ to dist/ with SWC (no type checking; that is
// `npm run typecheck`). Options and path aliases come from scripts/swc-options.js.
const { swcDir } = require('@swc/cli');
const { ROOT, swcOptions } = require('./swc-options');

process.chdir(ROOT);
swcDir({
  cliOptions: {
    filenames: ['apps', 'libs', 'bench'],
    outDir: 'dist',
    extensions: ['.ts'],
    stripLeadingPaths: false,
    copyFiles: false,
    includeDotfiles: false,
    deleteDirOnStart: false,
    sync: false,
    watch: false,
    quiet: true,
    only: [],
    ignore: ['**/*.d.ts'],
  },
  swcOptions: swcOptions(),
}).catch((error) => {
  // SWC has printed each file's error already; this names the files.
  process.stderr.write(`build failed: ${error instanceof Error ? error.message : error}\n`);
  process.exitCode = 1;
});
