import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { PublicPageQueries, PublicProfile } from '@nestodon/core';
import { RecordNotFoundError } from '@nestodon/domain';
import { AccountPresenter, StatusPresenter, versionString } from '@nestodon/serializers';
import type { Response } from 'express';
import {
  embedPage,
  profilePage,
  PublicSite,
  statusPage,
  tagPage,
} from '../../pages/public/public-pages';
import { sendPublicPage } from '../../pages/public/public-layout';
import { accountFeed, tagFeed } from '../../pages/public/rss';

const USERNAME = /^[A-Za-z0-9_]+$/;

/** `name.rss` is the feed of `name`. */
function splitFeed(param: string): { name: string; rss: boolean } {
  return param.endsWith('.rss')
    ? { name: param.slice(0, -'.rss'.length), rss: true }
    : { name: param, rss: false };
}

function sendFeed(res: Response, xml: string): void {
  res
    .status(200)
    .setHeader('Content-Type', 'application/rss+xml; charset=utf-8')
    .setHeader('Cache-Control', 'public, max-age=60')
    .setHeader('X-Content-Type-Options', 'nosniff')
    .send(xml);
}

/**
 * The public HTML pages at every local account's and post's `url` (`/@alice`, `/@alice/:id`),
 * the tag page, and their RSS feeds (`/@alice.rss`, `/tags/:name.rss`), without JavaScript.
 * Asked for as ActivityPub, the same addresses are answered by the federation middleware first.
 */
@Controller()
export class PublicPagesController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly pages: PublicPageQueries,
    private readonly accounts: AccountPresenter,
    private readonly statuses: StatusPresenter,
  ) {}

  @Get('@:handle')
  @Public()
  async profile(@Param('handle') param: string, @Res() res: Response): Promise<void> {
    const { name, rss } = splitFeed(param);
    const profile = await this.profileOf(name);
    const [account, statuses] = await Promise.all([
      this.accounts.present(profile.account),
      this.pages
        .profileStatuses(profile.account)
        .then((rows) => this.statuses.presentMany(rows, null)),
    ]);
    if (rss) {
      sendFeed(
        res,
        accountFeed(account, this.config.instance.localDomain, statuses, versionString()),
      );
    } else {
      sendPublicPage(res, profilePage(this.site(), account, statuses, profile));
    }
  }

  @Get('@:handle/:id')
  @Public()
  async status(
    @Param('handle') handle: string,
    @Param('id') id: string,
    @Res() res: Response,
  ): Promise<void> {
    const profile = await this.profileOf(handle);
    const status = await this.pages.status(profile, id);
    const json = await this.statuses.present(status, null);
    sendPublicPage(res, statusPage(this.site(), json, profile));
  }

  @Get('@:handle/:id/embed')
  @Public()
  async embed(
    @Param('handle') handle: string,
    @Param('id') id: string,
    @Res() res: Response,
  ): Promise<void> {
    const status = await this.pages.status(await this.profileOf(handle), id);
    const json = await this.statuses.present(status, null);
    sendPublicPage(res, embedPage(this.site(), json), { embeddable: true });
  }

  @Get('tags/:tag')
  @Public()
  async tag(@Param('tag') param: string, @Res() res: Response): Promise<void> {
    const { name: requested, rss } = splitFeed(param);
    const { name, statuses } = await this.pages.tagStatuses(requested);
    const json = await this.statuses.presentMany(statuses, null);
    if (rss) {
      sendFeed(res, tagFeed(name, this.config.instance.baseUrl, json, versionString()));
    } else {
      sendPublicPage(res, tagPage(this.site(), name, json));
    }
  }

  private profileOf(username: string): Promise<PublicProfile> {
    if (!USERNAME.test(username)) throw new RecordNotFoundError();
    return this.pages.profile(username);
  }

  private site(): PublicSite {
    const { localDomain, title, baseUrl } = this.config.instance;
    return { domain: localDomain, title, baseUrl };
  }
}
