/**
 * V8 heap flags the launcher gives each child. V8 sizes the young generation from the heap
 * limit, which it derives from the machine's memory: with gigabytes free, api and worker grew
 * 64 MB semi-spaces (128 MB of young generation, touched by every scavenge) to hold about 20 MB
 * of young objects. 16 MB semi-spaces (V8's fixed maximum before it sized them by memory) cut
 * about 100 MB from the three at rest; smaller ones, and a slower old-space growth
 * (`--heap-growing-percent`), saved more but cost CPU per request in the home-timeline
 * benchmark. Measured with `npm run -s measure:memory` (bench/README.md, "Memory").
 */
export const CHILD_HEAP_FLAGS: readonly string[] = ['--max-semi-space-size=16'];

/**
 * The execArgv of a child: the launcher's own flags, with each heap flag added unless the
 * operator already chose that flag (on the launcher's command line or in NODE_OPTIONS), whose
 * choice wins.
 */
export function childExecArgv(
  launcherExecArgv: readonly string[],
  nodeOptions: string | undefined,
): string[] {
  const chosen = [...launcherExecArgv, ...(nodeOptions ?? '').split(/\s+/)].map(flagName);
  const added = CHILD_HEAP_FLAGS.filter((flag) => !chosen.includes(flagName(flag)));
  return [...added, ...launcherExecArgv];
}

/** `--max-semi-space-size=4` → `max-semi-space-size` (V8 treats `_` and `-` alike). */
function flagName(flag: string): string {
  return flag.replace(/^--?/, '').split('=')[0].replaceAll('_', '-');
}
