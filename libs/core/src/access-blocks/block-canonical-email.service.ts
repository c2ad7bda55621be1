import { Injectable } from '@nestjs/common';
import { AccessBlockRepository, CanonicalEmailBlock, ValidationError } from '@nestodon/domain';
import { canonicalEmailHash } from '@nestodon/policies';
import { ActionLog } from '../admin/action-log';
import { Moderator } from '../admin/moderator';

/** Blocks one address in all its spellings: by the address, or by the hash of its canonical form. */
@Injectable()
export class BlockCanonicalEmailService {
  constructor(
    private readonly blocks: AccessBlockRepository,
    private readonly log: ActionLog,
  ) {}

  async call(
    moderator: Moderator,
    input: { email?: string; canonicalEmailHash?: string },
  ): Promise<CanonicalEmailBlock> {
    const hash = input.email
      ? canonicalEmailHash(input.email)
      : input.canonicalEmailHash?.trim().toLowerCase();
    if (!hash || !/^[0-9a-f]{64}$/.test(hash)) {
      throw new ValidationError("Validation failed: Canonical email hash can't be blank");
    }
    if ((await this.blocks.canonicalEmailBlocksWithHash(hash)).length > 0) {
      throw new ValidationError('Validation failed: Canonical email hash has already been taken');
    }
    const block = await this.blocks.insertCanonicalEmailBlock(hash);
    await this.log.record(moderator, 'create', {
      type: 'CanonicalEmailBlock',
      id: block.id,
      name: hash,
    });
    return block;
  }
}
