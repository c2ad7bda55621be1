import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { AuthContext, CurrentAccount, CurrentAuth, Scopes, ScopesIfToken } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  CollectionAttributes,
  CollectionQueries,
  CreateCollectionService,
  DeleteCollectionService,
  UpdateCollectionService,
} from '@nestodon/core';
import { Account, Collection } from '@nestodon/domain';
import { Update } from '@nestodon/http';
import {
  AccountJson,
  AccountPresenter,
  CollectionJson,
  serializeCollection,
} from '@nestodon/serializers';
import { viewerOf } from './statuses/status-params';
import { CollectionParams, CreateCollectionParams } from './collections/collection-params';

const attributesOf = (body: CollectionParams): CollectionAttributes => ({
  name: body.name,
  description: body.description,
  language: body.language,
  sensitive: body.sensitive,
  discoverable: body.discoverable,
  tagName: body.tag_name,
});

/**
 * Collections (Mastodon 4.6): POST /api/v1/collections, GET (with the accounts it features),
 * PATCH and DELETE /api/v1/collections/:id. Writes answer `{ collection }` as Mastodon does.
 */
@Controller('api/v1/collections')
export class CollectionsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queries: CollectionQueries,
    private readonly creator: CreateCollectionService,
    private readonly updater: UpdateCollectionService,
    private readonly remover: DeleteCollectionService,
    private readonly accounts: AccountPresenter,
  ) {}

  @Post()
  @HttpCode(200)
  @Scopes('write:collections')
  async create(
    @CurrentAccount() account: Account,
    @Body() body: CreateCollectionParams,
  ): Promise<{ collection: CollectionJson }> {
    const collection = await this.creator.call(account, {
      ...attributesOf(body),
      accountIds: body.account_ids,
    });
    return { collection: await this.render(collection, account) };
  }

  @Get(':id')
  @ScopesIfToken('read:collections')
  async show(
    @CurrentAuth() auth: AuthContext | undefined,
    @Param('id') id: string,
  ): Promise<{ collection: CollectionJson; accounts: AccountJson[] }> {
    const { view, accounts } = await this.queries.visible(id, viewerOf(auth));
    return {
      collection: serializeCollection(view, this.config),
      accounts: await this.accounts.presentMany(accounts),
    };
  }

  @Update(':id')
  @Scopes('write:collections')
  async update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: CollectionParams,
  ): Promise<{ collection: CollectionJson }> {
    const collection = await this.updater.call(account, id, attributesOf(body));
    return { collection: await this.render(collection, account) };
  }

  @Delete(':id')
  @Scopes('write:collections')
  async destroy(@CurrentAccount() account: Account, @Param('id') id: string): Promise<void> {
    await this.remover.call(account, id);
  }

  private async render(collection: Collection, owner: Account): Promise<CollectionJson> {
    const [view] = await this.queries.views([collection], owner, new Map([[owner.id, owner]]));
    return serializeCollection(view, this.config);
  }
}
