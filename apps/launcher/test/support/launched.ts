import { ChildProcess, execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '..', '..', '..', '..');

/** Compiles the code to dist/ (what `npm start` runs), so the processes run this checkout. */
export async function build(): Promise<void> {
  await promisify(execFile)(process.execPath, [join(ROOT, 'scripts', 'build.js')], { cwd: ROOT });
}

export type LogLine = Record<string, unknown> & { msg?: string; process?: string };

/** `npm start` (the launcher and its three children) running from dist/, its log lines parsed. */
export class Launched {
  readonly lines: LogLine[] = [];
  /** What was printed that is not a JSON log line (stderr, crash traces). */
  readonly text: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;
  private readonly waiters = new Set<() => void>();

  constructor(env: Record<string, string>) {
    this.child = spawn(
      process.execPath,
      [join(ROOT, 'dist', 'apps', 'launcher', 'src', 'main.js')],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    for (const stream of [this.child.stdout!, this.child.stderr!]) {
      let buffer = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        buffer += chunk;
        let index: number;
        while ((index = buffer.indexOf('\n')) >= 0) {
          this.take(buffer.slice(0, index));
          buffer = buffer.slice(index + 1);
        }
      });
    }
  }

  private take(line: string): void {
    try {
      this.lines.push(JSON.parse(line) as LogLine);
    } catch {
      this.text.push(line);
    }
    for (const wake of this.waiters) wake();
  }

  /** The first log line (from now on, after `from`) that matches, within `timeoutMs`. */
  async line(match: (line: LogLine) => boolean, from = 0, timeoutMs = 30_000): Promise<LogLine> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines.slice(from).find(match);
      if (found) return found;
      if (Date.now() > deadline) {
        throw new Error(`no such log line; last lines:\n${this.tail()}`);
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          resolve();
        };
        this.waiters.add(wake);
        setTimeout(wake, 200);
      });
    }
  }

  tail(count = 20): string {
    return [...this.lines.map((line) => JSON.stringify(line)), ...this.text]
      .slice(-count)
      .join('\n');
  }

  stop(): Promise<unknown> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    return this.exited;
  }
}

/** Whether `url` answers 200 now. */
export async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).status === 200;
  } catch {
    return false;
  }
}
