import { digest } from '@fedify/fedify';
import { Injectable } from '@nestjs/common';
import { FollowRepository } from '@nestodon/domain';

/**
 * Mastodon's Collection-Synchronization header (FEP-8fcf) for a delivery to one server: the
 * account's followers collection, where that server reads the part of it on its side
 * (`followers_synchronization`, served to its signed request), and a digest of that part, so
 * the server can tell whether its own list of who follows the account agrees.
 */
@Injectable()
export class FollowerSynchronization {
  constructor(private readonly follows: FollowRepository) {}

  /** The header for a delivery of the local account (`actorUri`) to `inbox`. */
  async header(accountId: string, actorUri: string, inbox: string): Promise<string> {
    const onServer = await this.follows.followerUrisWithPrefix(
      accountId,
      `${new URL(inbox).origin}/`,
    );
    const hex = Buffer.from(await digest(onServer)).toString('hex');
    return [
      `collectionId="${actorUri}/followers"`,
      `url="${actorUri}/followers_synchronization"`,
      `digest="${hex}"`,
    ].join(', ');
  }
}
