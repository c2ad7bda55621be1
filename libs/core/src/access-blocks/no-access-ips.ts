import { BlockList, isIPv6 } from 'node:net';
import { Injectable } from '@nestjs/common';
import { AccessBlockRepository } from '@nestodon/domain';
import { CacheInvalidator, CacheTopic } from '../caches/cache-invalidator';

/** At most this long before a lapsed block stops refusing (changes are announced at once). */
const CACHE_MS = 60_000;

/**
 * Whether an address falls in a `no_access` IP block: checked on every request, so the
 * ranges are held in memory (a BlockList) and reloaded when a change is announced or a minute
 * has passed.
 */
@Injectable()
export class NoAccessIps {
  private cached?: { list: Promise<BlockList>; expiresAt: number };

  constructor(
    private readonly blocks: AccessBlockRepository,
    invalidator: CacheInvalidator,
  ) {
    invalidator.onInvalidate(CacheTopic.IpBlocks, () => (this.cached = undefined));
  }

  async refuses(ip: string | undefined): Promise<boolean> {
    if (!ip) return false;
    // IPv4 clients of a dual-stack socket show up as ::ffff:a.b.c.d.
    const address = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
    return (await this.list()).check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
  }

  private list(): Promise<BlockList> {
    if (!this.cached || this.cached.expiresAt <= Date.now()) {
      const entry = { list: this.load(), expiresAt: Date.now() + CACHE_MS };
      entry.list.catch(() => (entry.expiresAt = 0));
      this.cached = entry;
    }
    return this.cached.list;
  }

  private async load(): Promise<BlockList> {
    const list = new BlockList();
    for (const range of await this.blocks.noAccessRanges()) {
      const [address, prefix] = range.split('/');
      const type = isIPv6(address) ? 'ipv6' : 'ipv4';
      list.addSubnet(address, Number(prefix), type);
    }
    return list;
  }
}
