import { Injectable } from '@nestjs/common';
import {
  AnnouncementRepository,
  CustomEmojiRepository,
  TransactionRunner,
  ValidationError,
} from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { AnnouncementQueries } from './announcement-queries';

/** Mastodon's limit of different reactions on one announcement. */
export const ANNOUNCEMENT_REACTION_LIMIT = 8;

// A single emoji as Unicode defines it (with modifiers, sequences and flags).
const UNICODE_EMOJI = new RegExp('^\\p{RGI_Emoji}$', 'v');

/**
 * Reacts to a published announcement with a Unicode emoji or a local custom emoji's shortcode;
 * at most eight different reactions per announcement. The new count is streamed by the worker.
 */
@Injectable()
export class AddAnnouncementReactionService {
  constructor(
    private readonly queries: AnnouncementQueries,
    private readonly announcements: AnnouncementRepository,
    private readonly emojis: CustomEmojiRepository,
    private readonly transactions: TransactionRunner,
    private readonly jobs: JobQueue,
  ) {}

  async call(accountId: string, announcementId: string, name: string): Promise<void> {
    const announcement = await this.queries.published(announcementId);
    const [custom] = UNICODE_EMOJI.test(name) ? [] : await this.emojis.findLocalEnabled([name]);
    if (!custom && !UNICODE_EMOJI.test(name)) {
      throw new ValidationError('Validation failed: Name is not a recognized emoji', {
        name: [{ error: 'ERR_INVALID', description: 'is not a recognized emoji' }],
      });
    }
    await this.transactions.run(async (tx) => {
      const names = await this.announcements.reactionNames(announcement.id, name, tx);
      if (!names.used && names.others >= ANNOUNCEMENT_REACTION_LIMIT) {
        throw new ValidationError(
          'Validation failed: Maximum number of different reactions reached',
        );
      }
      const added = await this.announcements.addReaction(
        { accountId, announcementId: announcement.id, name, customEmojiId: custom?.id ?? null },
        tx,
      );
      if (!added) throw new ValidationError('Duplicate record');
    });
    await this.jobs.enqueue(JobName.PublishAnnouncementReaction, {
      announcementId: announcement.id,
      name,
    });
  }
}
