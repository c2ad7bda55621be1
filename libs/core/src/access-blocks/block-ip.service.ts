import { Injectable } from '@nestjs/common';
import {
  AccessBlockRepository,
  IpBlock,
  IpBlockSeverity,
  IpBlockValues,
  ValidationError,
} from '@nestodon/domain';
import { parseIpRange } from '@nestodon/policies';
import { ActionLog } from '../admin/action-log';
import { CacheInvalidator, CacheTopic } from '../caches/cache-invalidator';
import { Moderator } from '../admin/moderator';
import { AccessBlockQueries } from './access-block-queries';

export interface IpBlockInput {
  ip?: string;
  severity?: IpBlockSeverity;
  comment?: string;
  /** Seconds from now; null or absent: never expires. */
  expiresIn?: number | null;
}

/** The input over the current values; 422 for a missing or malformed address or severity. */
export function ipBlockValues(input: IpBlockInput, current?: IpBlock): IpBlockValues {
  const ip = input.ip !== undefined ? parseIpRange(input.ip) : (current?.ip ?? null);
  if (!ip) throw new ValidationError('Validation failed: Ip is not an IP address or range');
  const severity = input.severity ?? current?.severity;
  if (!severity) throw new ValidationError("Validation failed: Severity can't be blank");
  const expiresAt =
    input.expiresIn === undefined
      ? (current?.expiresAt ?? null)
      : input.expiresIn === null
        ? null
        : new Date(Date.now() + input.expiresIn * 1000);
  return { ip, severity, comment: input.comment ?? current?.comment ?? '', expiresAt };
}

/** Blocks an address or range from signing up (or needing approval), or from any access. */
@Injectable()
export class BlockIpService {
  constructor(
    private readonly blocks: AccessBlockRepository,
    private readonly log: ActionLog,
    private readonly invalidator: CacheInvalidator,
  ) {}

  async call(moderator: Moderator, input: IpBlockInput): Promise<IpBlock> {
    const block = await this.blocks.insertIpBlock(ipBlockValues(input));
    await this.log.record(moderator, 'create', { type: 'IpBlock', id: block.id, name: block.ip });
    await this.invalidator.announce(CacheTopic.IpBlocks);
    return block;
  }
}

/** Changes an IP block. */
@Injectable()
export class UpdateIpBlockService {
  constructor(
    private readonly queries: AccessBlockQueries,
    private readonly blocks: AccessBlockRepository,
    private readonly log: ActionLog,
    private readonly invalidator: CacheInvalidator,
  ) {}

  async call(moderator: Moderator, id: string, input: IpBlockInput): Promise<IpBlock> {
    const current = await this.queries.ipBlock(id);
    await this.blocks.updateIpBlock(current.id, ipBlockValues(input, current));
    await this.log.record(moderator, 'update', {
      type: 'IpBlock',
      id: current.id,
      name: current.ip,
    });
    await this.invalidator.announce(CacheTopic.IpBlocks);
    return this.queries.ipBlock(current.id);
  }
}
