import { Injectable } from '@nestjs/common';
import { Account, AccountMoveRepository, AccountRepository, DomainError } from '@nestodon/domain';
import { BlockService } from './block.service';
import { FollowService } from './follow.service';
import { MuteService } from './mute.service';
import { UnfollowService } from './unfollow.service';

/** Followers moved per round. */
const BATCH = 100;

/**
 * A remote account moved to another (Mastodon's Move activity and MoveWorker), believed only
 * when the target names the origin among the accounts it is also known as and is not
 * suspended: the origin shows `moved`; each local follower follows the target (a request where
 * it is locked or remote, with the same reblog, notify and language choices) and then stops
 * following the origin, unless following the target is refused (a block), in which case the
 * old follow stays; local blocks and mutes of the origin carry over to the target. False when
 * the move was not believed.
 */
@Injectable()
export class MoveAccountService {
  constructor(
    private readonly moves: AccountMoveRepository,
    private readonly accounts: AccountRepository,
    private readonly follow: FollowService,
    private readonly unfollow: UnfollowService,
    private readonly block: BlockService,
    private readonly mute: MuteService,
  ) {}

  async call(origin: Account, target: Account): Promise<boolean> {
    if (origin.domain === null || origin.id === target.id || target.suspendedAt !== null) {
      return false;
    }
    if (!origin.uri || !target.alsoKnownAs.includes(origin.uri)) return false;
    await this.moves.setMovedTo(origin.id, target.id);
    await this.moveFollowers(origin, target);
    for (const accountId of await this.moves.blocksToCarry(origin.id, target.id)) {
      await this.block.call({ id: accountId, domain: null }, target);
    }
    for (const mute of await this.moves.mutesToCarry(origin.id, target.id)) {
      await this.mute.call({ id: mute.accountId }, target, {
        notifications: mute.hideNotifications,
      });
    }
    return true;
  }

  private async moveFollowers(origin: Account, target: Account): Promise<void> {
    let after = '0';
    for (;;) {
      const follows = await this.moves.localFollows(origin.id, after, BATCH);
      const followers = new Map(
        (await this.accounts.findByIds(follows.map((follow) => follow.followerId))).map(
          (account) => [account.id, account],
        ),
      );
      for (const follow of follows) {
        const follower = followers.get(follow.followerId);
        if (!follower || follower.id === target.id) continue;
        try {
          await this.follow.call(follower, target, {
            reblogs: follow.showReblogs,
            notify: follow.notify,
            languages: follow.languages,
            bypassLimit: true,
          });
        } catch (error) {
          if (error instanceof DomainError) continue;
          throw error;
        }
        await this.unfollow.call(follower, origin);
      }
      if (follows.length < BATCH) return;
      after = follows[follows.length - 1].followerId;
    }
  }
}
