import { Injectable } from '@nestjs/common';
import { MediaStorage } from './media-storage';

/** Bytes stored for one kind of file: in all, and for this server's own accounts. */
export interface StorageUsage {
  label: string;
  total: number;
  local: number;
}

/** The kinds of files `media usage` reports, by the storage folders they live in. */
const KINDS = [
  { label: 'Attachments', folder: 'media_attachments' },
  { label: 'Custom emoji', folder: 'custom_emojis' },
  { label: 'Avatars', folder: 'accounts/avatars' },
  { label: 'Headers', folder: 'accounts/headers' },
];

/**
 * `media usage` (tootctl): the space media take in storage, measured there (local folder or
 * bucket), each kind split into this server's files and copies of remote ones (`cache/`).
 */
@Injectable()
export class MediaUsageQueries {
  constructor(private readonly storage: MediaStorage) {}

  async usage(): Promise<StorageUsage[]> {
    const usages: StorageUsage[] = [];
    for (const { label, folder } of KINDS) {
      const local = await this.storage.usage(folder);
      const cached = await this.storage.usage(`cache/${folder}`);
      usages.push({ label, total: local + cached, local });
    }
    return usages;
  }
}
