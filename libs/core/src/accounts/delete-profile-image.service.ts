import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  ProfileImage,
  profileImageKeys,
  RecordNotFoundError,
} from '@nestodon/domain';
import { MediaStorage } from '../media/media-storage';
import { ActivityOutbox } from '../outbox/activity-outbox';

/** Removes the signed-in user's avatar or header (DELETE /api/v1/profile/avatar|header). */
@Injectable()
export class DeleteProfileImageService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly storage: MediaStorage,
    private readonly outbox: ActivityOutbox,
  ) {}

  async call(account: Account, image: ProfileImage): Promise<Account> {
    const changes: Partial<Account> =
      image === 'avatar'
        ? { avatarFileName: null, avatarContentType: null, avatarRemoteUrl: null }
        : { headerFileName: null, headerContentType: null, headerRemoteUrl: null };
    await this.accounts.update(account.id, changes);
    await this.storage.deleteUnused(profileImageKeys(account, image));
    await this.outbox.publish(account, { type: 'update_actor', accountId: account.id });
    const updated = await this.accounts.findById(account.id);
    if (!updated) throw new RecordNotFoundError();
    return updated;
  }
}
