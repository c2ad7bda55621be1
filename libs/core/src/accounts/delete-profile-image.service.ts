import { Injectable, Logger } from '@nestjs/common';
import { Account, ProfileImage, profileImageKeys } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { MediaStorage } from '../media/media-storage';

/** Removes the signed-in user's avatar or header (DELETE /api/v1/profile/avatar|header). */
@Injectable()
export class DeleteProfileImageService {
  private readonly logger = new Logger(DeleteProfileImageService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: MediaStorage,
  ) {}

  async call(account: Account, image: ProfileImage): Promise<Account> {
    const keys = profileImageKeys(account, image);
    const changes: Partial<Account> =
      image === 'avatar'
        ? { avatarFileName: null, avatarContentType: null, avatarRemoteUrl: null }
        : { headerFileName: null, headerContentType: null, headerRemoteUrl: null };
    await this.dataSource.getRepository(Account).update({ id: account.id }, changes);
    for (const key of keys) {
      await this.storage.delete(key).catch((error: unknown) => {
        this.logger.warn(`Could not delete ${key}: ${String(error)}`);
      });
    }
    return this.dataSource.getRepository(Account).findOneByOrFail({ id: account.id });
  }
}
