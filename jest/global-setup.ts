import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { prepareTemplateDatabase } from '@nestodon/testing';

/**
 * Builds dist/ once per run, as install and start do, for the tests that run the built
 * processes (the CLI, several api/streaming/worker processes): building in each of those files
 * would race on dist/ when they run in parallel.
 */
async function buildOnce(): Promise<void> {
  const root = resolve(__dirname, '..');
  await promisify(execFile)(process.execPath, ['scripts/build.js'], { cwd: root });
}

export default async function globalSetup(): Promise<void> {
  await Promise.all([prepareTemplateDatabase(), buildOnce()]);
}
