import { Injectable } from '@nestjs/common';
import {
  DomainAllow,
  DomainAllowRepository,
  normalizeDomain,
  ValidationError,
} from '@nestodon/domain';
import { ActionLog } from '../admin/action-log';
import { Moderator } from '../admin/moderator';

/** Puts a domain on the allow list (the existing entry when it is there already). */
@Injectable()
export class AllowDomainService {
  constructor(
    private readonly allows: DomainAllowRepository,
    private readonly log: ActionLog,
  ) {}

  async call(moderator: Moderator, input: string): Promise<DomainAllow> {
    const domain = normalizeDomain(input);
    if (!domain) throw new ValidationError('Validation failed: Domain is not a valid domain name');
    const { allow, created } = await this.allows.findOrInsert(domain);
    if (created) {
      await this.log.record(moderator, 'create', {
        type: 'DomainAllow',
        id: allow.id,
        name: domain,
      });
    }
    return allow;
  }
}
