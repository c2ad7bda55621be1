import { Controller, Get, Inject, Param, Query, Res, UseFilters } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { PublicPageQueries, PublicProfile, TermsOfServiceQueries } from '@nestodon/core';
import { RecordNotFoundError } from '@nestodon/domain';
import { ToBoolean } from '@nestodon/http';
import { IsBoolean, IsOptional } from 'class-validator';
import {
  AccountPresenter,
  serializePrivacyPolicy,
  StatusPresenter,
  versionString,
} from '@nestodon/serializers';
import type { Response } from 'express';
import {
  documentPage,
  embedPage,
  profilePage,
  PublicSite,
  statusPage,
  tagPage,
} from '../../pages/public/public-pages';
import { PublicPageNotFoundFilter } from '../../pages/public/not-found.filter';
import { sendPublicPage } from '../../pages/public/public-layout';
import { accountFeed, tagFeed } from '../../pages/public/rss';

const USERNAME = /^[A-Za-z0-9_]+$/;

class TagPageQuery {
  /** Only posts of this server. */
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  local?: boolean;
}

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
@UseFilters(PublicPageNotFoundFilter)
export class PublicPagesController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly pages: PublicPageQueries,
    private readonly accounts: AccountPresenter,
    private readonly statuses: StatusPresenter,
    private readonly terms: TermsOfServiceQueries,
  ) {}

  @Get('@:handle')
  @Public()
  profile(@Param('handle') param: string, @Res() res: Response): Promise<void> {
    const { name, rss } = splitFeed(param);
    return this.sendProfile(name, undefined, rss, res);
  }

  /** `/@alice/tagged/:tag[.rss]`: her posts with the tag. */
  @Get('@:handle/tagged/:tag')
  @Public()
  profileTagged(
    @Param('handle') handle: string,
    @Param('tag') param: string,
    @Res() res: Response,
  ): Promise<void> {
    const { name: tag, rss } = splitFeed(param);
    return this.sendProfile(handle, tag, rss, res);
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
  async tag(
    @Param('tag') param: string,
    @Query() query: TagPageQuery,
    @Res() res: Response,
  ): Promise<void> {
    const { name: requested, rss } = splitFeed(param);
    const { name, statuses } = await this.pages.tagStatuses(requested, query);
    const json = await this.statuses.presentMany(statuses, null);
    if (rss) {
      sendFeed(res, tagFeed(name, this.config.instance.baseUrl, json, versionString()));
    } else {
      sendPublicPage(res, tagPage(this.site(), name, json));
    }
  }

  @Get('privacy-policy')
  @Public()
  privacyPolicy(@Res() res: Response): void {
    const { content } = serializePrivacyPolicy(this.config.instance);
    sendPublicPage(res, documentPage(this.site(), 'Privacy policy', '/privacy-policy', content));
  }

  @Get(['terms-of-service', 'terms-of-service/:date'])
  @Public()
  async termsOfService(
    @Param('date') date: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const terms = date ? await this.terms.effectiveOn(date) : await this.terms.current();
    const path = date ? `/terms-of-service/${date}` : '/terms-of-service';
    sendPublicPage(res, documentPage(this.site(), 'Terms of service', path, terms.content));
  }

  private async sendProfile(
    username: string,
    tagged: string | undefined,
    rss: boolean,
    res: Response,
  ): Promise<void> {
    const profile = await this.profileOf(username);
    const [account, statuses] = await Promise.all([
      this.accounts.present(profile.account),
      this.pages
        .profileStatuses(profile.account, tagged)
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

  private profileOf(username: string): Promise<PublicProfile> {
    if (!USERNAME.test(username)) throw new RecordNotFoundError();
    return this.pages.profile(username);
  }

  private site(): PublicSite {
    const { localDomain, title, baseUrl } = this.config.instance;
    return { domain: localDomain, title, baseUrl };
  }
}
