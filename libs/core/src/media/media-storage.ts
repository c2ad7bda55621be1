import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { Dirent } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Who may read a stored file: `public` files are served at `url(key)`; `private` ones (uploads
 * waiting for the worker, with their location metadata) are only read back by the server.
 */
export type MediaAccess = 'public' | 'private';

export interface PutOptions {
  contentType: string;
  access?: MediaAccess;
}

/**
 * The media storage port: where media files live, with two adapters chosen by configuration
 * (local disk, S3-compatible object storage). Keys are relative paths such as
 * `media_attachments/files/000/000/001/original/3f2a.png`, never derived from user input;
 * `url` gives the public address of a public key.
 */
export abstract class MediaStorage {
  private readonly logger = new Logger(MediaStorage.name);

  /** Stores a new file (keys are fresh per upload; an existing file is not overwritten). */
  abstract put(key: string, data: Buffer, options: PutOptions): Promise<void>;
  abstract read(key: string, access?: MediaAccess): Promise<Buffer>;
  /** Removes a file; missing files are not an error. */
  abstract delete(key: string, access?: MediaAccess): Promise<void>;
  abstract url(key: string): string;
  /** Bytes stored under a key prefix (public files). */
  abstract usage(prefix: string): Promise<number>;

  /** Removes files no record names any more; a file that cannot be removed is only logged. */
  async deleteUnused(keys: Array<string | null>, access: MediaAccess = 'public'): Promise<void> {
    for (const key of keys) {
      if (!key) continue;
      await this.delete(key, access).catch((error: unknown) => {
        this.logger.warn(`Could not delete ${key}: ${String(error)}`);
      });
    }
  }
}

const SAFE_KEY = /^(?!\/)(?!.*(^|\/)\.[^/]*(\/|$))[A-Za-z0-9._/-]+$/;

/**
 * Private files are kept in a hidden folder of MEDIA_ROOT, which the api's /system route does
 * not serve (hidden paths answer 404).
 */
export const PRIVATE_MEDIA_FOLDER = '.private';

/** Files under MEDIA_ROOT, served by the api under /system (or wherever MEDIA_BASE_URL points). */
@Injectable()
export class LocalMediaStorage extends MediaStorage {
  private readonly root: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
    this.root = resolve(config.media.root);
  }

  async put(key: string, data: Buffer, options: PutOptions): Promise<void> {
    const path = this.pathOf(key, options.access);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename would be atomic, but keys are never reused: a fresh name per upload.
    await writeFile(path, data, { flag: 'wx' });
  }

  read(key: string, access: MediaAccess = 'public'): Promise<Buffer> {
    return readFile(this.pathOf(key, access));
  }

  async delete(key: string, access: MediaAccess = 'public'): Promise<void> {
    await rm(this.pathOf(key, access), { force: true });
  }

  url(key: string): string {
    return `${this.config.media.baseUrl}/${key}`;
  }

  async usage(prefix: string): Promise<number> {
    return folderSize(this.pathOf(prefix));
  }

  /** The file of a key, refusing anything that could leave the root or name a hidden file. */
  pathOf(key: string, access: MediaAccess = 'public'): string {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsafe media key: ${key}`);
    const root = access === 'private' ? join(this.root, PRIVATE_MEDIA_FOLDER) : this.root;
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`Unsafe media key: ${key}`);
    return path;
  }
}

/** Bytes of the files in a folder and its subfolders (0 when it does not exist). */
async function folderSize(folder: string): Promise<number> {
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let total = 0;
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) total += await folderSize(path);
    else if (entry.isFile()) total += (await stat(path)).size;
  }
  return total;
}
