import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { AuthContext, CurrentAccount, CurrentAuth, Public, Scopes } from '@nestodon/auth';
import {
  FeatureTagService,
  FollowTagService,
  TagQueries,
  UnfeatureTagService,
  UnfollowTagService,
  unsavedTag,
} from '@nestodon/core';
import { Account, isValidTagName, RecordNotFoundError } from '@nestodon/domain';
import { TagJson, TagPresenter } from '@nestodon/serializers';

const checkName = (name: string) => {
  if (!isValidTagName(name)) throw new RecordNotFoundError();
  return name;
};

/**
 * Hashtags by name: GET /api/v1/tags/:name (public; a tag nobody used yet is shown unsaved, as
 * Mastodon does), POST /:name/follow|unfollow (write:follows) and /:name/feature|unfeature
 * (write:accounts), each answering the Tag. A name that cannot be a hashtag is 404.
 */
@Controller('api/v1/tags/:name')
export class TagsController {
  constructor(
    private readonly tags: TagQueries,
    private readonly followTag: FollowTagService,
    private readonly unfollowTag: UnfollowTagService,
    private readonly featureTag: FeatureTagService,
    private readonly unfeatureTag: UnfeatureTagService,
    private readonly presenter: TagPresenter,
  ) {}

  @Get()
  @Public()
  async show(
    @Param('name') name: string,
    @CurrentAuth() auth: AuthContext | undefined,
  ): Promise<TagJson> {
    const tag = (await this.tags.byName(checkName(name))) ?? unsavedTag(name);
    return this.presenter.present(tag, auth?.user?.accountId ?? null);
  }

  @Post('follow')
  @HttpCode(200)
  @Scopes('write:follows')
  async follow(@Param('name') name: string, @CurrentAccount() viewer: Account): Promise<TagJson> {
    const tag = await this.followTag.call(viewer, checkName(name));
    return this.presenter.present(tag, viewer.id);
  }

  @Post('unfollow')
  @HttpCode(200)
  @Scopes('write:follows')
  async unfollow(@Param('name') name: string, @CurrentAccount() viewer: Account): Promise<TagJson> {
    const tag = await this.unfollowTag.call(viewer, checkName(name));
    return this.presenter.present(tag, viewer.id);
  }

  @Post('feature')
  @HttpCode(200)
  @Scopes('write:accounts')
  async feature(@Param('name') name: string, @CurrentAccount() viewer: Account): Promise<TagJson> {
    await this.featureTag.call(viewer, checkName(name));
    const tag = await this.tags.byName(name);
    if (!tag) throw new RecordNotFoundError();
    return this.presenter.present(tag, viewer.id);
  }

  @Post('unfeature')
  @HttpCode(200)
  @Scopes('write:accounts')
  async unfeature(
    @Param('name') name: string,
    @CurrentAccount() viewer: Account,
  ): Promise<TagJson> {
    await this.unfeatureTag.call(viewer, checkName(name));
    const tag = (await this.tags.byName(name)) ?? unsavedTag(name);
    return this.presenter.present(tag, viewer.id);
  }
}
