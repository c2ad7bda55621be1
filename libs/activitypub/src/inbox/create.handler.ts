import type { InboxContext } from '@fedify/fedify';
import { Create, Note } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import { RecordRemoteVoteService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { InboundLookups, unlessRefused } from './inbound-lookups';
import { embeddedObjectDistrust } from './inbound-rules';
import type { InboxHandler } from './inbox-handler';
import { embeddedSource, isStatusObject, RemoteStatuses } from './remote-statuses';

/**
 * A remote account publishes a status. The embedded object is believed only when the signer
 * is its author; otherwise (a relay, a forged copy) it is fetched from its origin instead.
 * A Note named after an option of a local poll it replies to is a vote, not a status.
 */
@Injectable()
export class CreateHandler implements InboxHandler<Create> {
  readonly activityType = Create;

  constructor(
    private readonly lookups: InboundLookups,
    private readonly statuses: RemoteStatuses,
    private readonly votes: RecordRemoteVoteService,
  ) {}

  async handle(ctx: InboxContext<unknown>, create: Create): Promise<void> {
    const [author, object] = await Promise.all([
      this.lookups.signer(ctx, create),
      create.getObject(ctx),
    ]);
    if (!author || !isStatusObject(object) || !object.id) return;
    const distrust = embeddedObjectDistrust(create, object);
    if (object instanceof Note && (await this.vote(ctx, author, object, distrust === null))) return;
    if (distrust === null) {
      await this.statuses.store(ctx, object, author, await embeddedSource(create, object.id, ctx));
    } else {
      await this.statuses.fetch(ctx, object.id.href);
    }
  }

  /**
   * Counts a vote in a local poll; true when the Note was one (counted or not). A vote by
   * someone else than the signer is not taken: votes have no document to fetch.
   */
  private async vote(
    ctx: InboxContext<unknown>,
    voter: Account,
    note: Note,
    byAuthor: boolean,
  ): Promise<boolean> {
    const title = note.name?.toString();
    if (!title || !note.replyTargetId || note.replyTargetId.origin !== ctx.origin) return false;
    const question = await this.lookups.status(ctx, note.replyTargetId);
    if (!question?.local || !question.pollId) return false;
    if (byAuthor) await unlessRefused(this.votes.call(voter, question, title, note.id!.href));
    return true;
  }
}
