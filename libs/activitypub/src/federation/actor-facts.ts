import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { ActorFacts, ImageFacts, LocalUris } from '@nestodon/activitypub/render';
import { Account, AccountRepository } from '@nestodon/domain';
import { AccountPresenter } from '@nestodon/serializers';
import { EmojiFactsLoader } from './emoji-facts';

/** A local account's actor facts, keys aside (Fedify supplies those). */
export type LocalActorFacts = Omit<ActorFacts, 'keys'>;

/**
 * What a local account's actor shows, from the same presentation as the REST API (rendered
 * note and fields, image URLs) so both describe the account alike.
 */
@Injectable()
export class ActorFactsLoader {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountRepository,
    private readonly presenter: AccountPresenter,
    private readonly emojis: EmojiFactsLoader,
    private readonly uris: LocalUris,
  ) {}

  /** A local account that exists for the public (confirmed and approved), or null. */
  findLocal(username: string): Promise<Account | null> {
    return this.accounts.findVisibleByHandle({ username, domain: null });
  }

  async load(account: Account): Promise<LocalActorFacts> {
    const [json, movedTo] = await Promise.all([
      this.presenter.present(account),
      account.movedToAccountId ? this.accounts.findById(account.movedToAccountId) : null,
    ]);
    const [emojis] = await this.emojis.forTexts([
      [account.displayName, account.note, ...account.fields.flatMap((f) => [f.name, f.value])],
    ]);
    return {
      username: account.username,
      actorType: account.actorType,
      displayName: account.displayName,
      noteHtml: json.note,
      fields: json.fields.map((field) => ({ name: field.name, valueHtml: field.value })),
      avatar: this.image(
        account.avatarFileName || account.avatarRemoteUrl,
        json.avatar,
        account.avatarContentType,
      ),
      header: this.image(
        account.headerFileName || account.headerRemoteUrl,
        json.header,
        account.headerContentType,
      ),
      emojis,
      locked: account.locked,
      discoverable: account.discoverable ?? false,
      indexable: account.indexable,
      memorial: account.memorial,
      suspended: account.suspendedAt !== null,
      movedTo: movedTo ? this.actorId(movedTo) : null,
      createdAt: account.createdAt,
    };
  }

  /** The ActivityPub id of any account, local or remote. */
  actorId(account: Pick<Account, 'domain' | 'username' | 'uri'>): string {
    return account.domain === null ? this.uris.actor(account.username) : (account.uri ?? '');
  }

  private image(present: string | null, url: string, mediaType: string | null): ImageFacts | null {
    return present ? { url, mediaType } : null;
  }
}
