import { Injectable } from '@nestjs/common';
import {
  AccessBlockRepository,
  EmailDomainBlock,
  normalizeDomain,
  ValidationError,
} from '@nestodon/domain';
import { ActionLog } from '../admin/action-log';
import { Moderator } from '../admin/moderator';

/** Blocks sign-ups from an e-mail domain (or lets them in only with approval). */
@Injectable()
export class BlockEmailDomainService {
  constructor(
    private readonly blocks: AccessBlockRepository,
    private readonly log: ActionLog,
  ) {}

  async call(
    moderator: Moderator,
    input: string,
    allowWithApproval: boolean,
  ): Promise<EmailDomainBlock> {
    const domain = normalizeDomain(input);
    if (!domain) throw new ValidationError('Validation failed: Domain is not a valid domain name');
    if ((await this.blocks.emailDomainBlocksOf([domain])).length > 0) {
      throw new ValidationError('Validation failed: Domain has already been taken');
    }
    const block = await this.blocks.insertEmailDomainBlock(domain, allowWithApproval);
    await this.log.record(moderator, 'create', {
      type: 'EmailDomainBlock',
      id: block.id,
      name: domain,
    });
    return block;
  }
}
