/**
 * Nest's shutdown hooks drain requests and jobs on SIGTERM; this deadline makes sure the process
 * still ends in time when something hangs.
 */
export function installShutdownDeadline(timeoutMs: number): void {
  const arm = (signal: NodeJS.Signals) => {
    setTimeout(() => {
      process.stderr.write(`Shutdown after ${signal} took longer than ${timeoutMs} ms; exiting.\n`);
      process.exit(1);
    }, timeoutMs).unref();
  };
  process.once('SIGTERM', arm);
  process.once('SIGINT', arm);
}
