import type { InboxContext } from '@fedify/fedify';
import { Flag } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import { CreateReportService } from '@nestodon/core';
import type { Account } from '@nestodon/domain';
import { InboundLookups, unlessRefused } from './inbound-lookups';
import type { InboxHandler } from './inbox-handler';

/** A Flag names at most a few accounts and statuses; longer lists are cut, not refused. */
const MAX_FLAGGED_OBJECTS = 100;

/**
 * Another server reports a local account (Mastodon sends a Flag from its instance actor): a
 * report by the signer about the first local account named, with the named statuses of that
 * account and the comment, as staff see reports filed here.
 */
@Injectable()
export class FlagHandler implements InboxHandler<Flag> {
  readonly activityType = Flag;

  constructor(
    private readonly lookups: InboundLookups,
    private readonly reports: CreateReportService,
  ) {}

  async handle(ctx: InboxContext<unknown>, flag: Flag): Promise<void> {
    const reporter = await this.lookups.signer(ctx, flag);
    if (!reporter) return;
    const objects = flag.objectIds.slice(0, MAX_FLAGGED_OBJECTS);
    let target: Account | null = null;
    for (const id of objects) target ??= await this.lookups.localAccount(ctx, id);
    if (!target) return;
    const statusIds: string[] = [];
    for (const id of objects) {
      const status = await this.lookups.status(ctx, id);
      if (status && status.accountId === target.id) statusIds.push(status.id);
    }
    await unlessRefused(
      this.reports.call(reporter, {
        accountId: target.id,
        statusIds,
        comment: flag.content?.toString() ?? '',
      }),
    );
  }
}
