import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';

/**
 * Where media files live. Keys are relative paths such as `accounts/avatars/000/001/original/a.png`;
 * `url` gives the public address. Local disk today; an S3-compatible store can implement the same
 * class later and be swapped in CoreModule.
 */
export abstract class MediaStorage {
  abstract put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Removes a file; missing files are not an error. */
  abstract delete(key: string): Promise<void>;
  abstract url(key: string): string;
}

const SAFE_KEY = /^(?!\/)(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._/-]+$/;

/** Files under MEDIA_ROOT, served by the api under /system (or wherever MEDIA_BASE_URL points). */
@Injectable()
export class LocalMediaStorage extends MediaStorage {
  private readonly root: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
    this.root = resolve(config.media.root);
  }

  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename would be atomic, but keys are never reused: a fresh name per upload.
    await writeFile(path, data, { flag: 'wx' });
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  url(key: string): string {
    return `${this.config.media.baseUrl}/${key}`;
  }

  /** The file of a key, refusing anything that could leave the root. */
  pathOf(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsafe media key: ${key}`);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Unsafe media key: ${key}`);
    return path;
  }
}
