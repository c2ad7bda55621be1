import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A private temporary folder for one file's processing (FFmpeg reads and writes files), removed
 * with everything in it by `dispose`. Names inside are fixed by the code, never by the upload.
 */
export class MediaWorkspace {
  private constructor(readonly folder: string) {}

  static async create(): Promise<MediaWorkspace> {
    return new MediaWorkspace(await mkdtemp(join(tmpdir(), 'nestodon-media-')));
  }

  /** Runs `fn` with a fresh workspace, removed afterwards whatever happens. */
  static async with<T>(fn: (workspace: MediaWorkspace) => Promise<T>): Promise<T> {
    const workspace = await MediaWorkspace.create();
    try {
      return await fn(workspace);
    } finally {
      await workspace.dispose();
    }
  }

  path(name: string): string {
    return join(this.folder, name);
  }

  /** Writes `data` to `name` once; later calls return the same path. */
  async write(name: string, data: Buffer): Promise<string> {
    const path = this.path(name);
    if (!this.written.has(name)) {
      await writeFile(path, data);
      this.written.add(name);
    }
    return path;
  }

  read(name: string): Promise<Buffer> {
    return readFile(this.path(name));
  }

  async dispose(): Promise<void> {
    await rm(this.folder, { recursive: true, force: true });
  }

  private readonly written = new Set<string>();
}
