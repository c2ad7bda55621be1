import { applyDecorators, Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { AuthContext, CurrentAuth, ScopesIfToken } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { FetchTagTimelineService, MAX_TAG_TIMELINE_TAGS } from '@nestodon/core';
import { ValidationError } from '@nestodon/domain';
import { Page, PageParams, ToArray } from '@nestodon/http';
import { StatusJson, StatusPresenter } from '@nestodon/serializers';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import { PublicTimelineQuery } from './public.controller';
import { publicViewer, timelineLinks } from './timeline-params';

/**
 * An optional list of at most MAX_TAG_TIMELINE_TAGS hashtags of up to 255 characters. Listed
 * innermost first: applyDecorators applies in order, stacked decorators from the bottom up.
 */
const TagNames = () =>
  applyDecorators(
    MaxLength(255, { each: true }),
    IsString({ each: true }),
    ArrayMaxSize(MAX_TAG_TIMELINE_TAGS),
    IsArray(),
    ToArray(),
    IsOptional(),
  );

class TagTimelineQuery extends PublicTimelineQuery {
  @TagNames()
  any?: string[];

  @TagNames()
  all?: string[];

  @TagNames()
  none?: string[];
}

/**
 * GET /api/v1/timelines/tag/:hashtag: public posts with the hashtag (or any of any[], with all
 * of all[], none of none[]), all or local or remote ones, optionally with media only.
 */
@Controller('api/v1/timelines/tag/:hashtag')
export class TagTimelineController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly timeline: FetchTagTimelineService,
    private readonly presenter: StatusPresenter,
  ) {}

  @Get()
  @ScopesIfToken('read:statuses')
  async index(
    @CurrentAuth() auth: AuthContext | undefined,
    @Param('hashtag') hashtag: string,
    @Query() query: TagTimelineQuery,
    @Page({ defaultLimit: 20 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StatusJson[]> {
    if (hashtag.length > 255) throw new ValidationError('Validation failed: hashtag is too long');
    const viewer = publicViewer(auth, this.config);
    const result = await this.timeline.call(
      viewer,
      hashtag,
      {
        local: query.local,
        remote: query.remote,
        onlyMedia: query.only_media,
        any: query.any,
        all: query.all,
        none: query.none,
      },
      page,
    );
    timelineLinks(req, res, this.config, result, [
      'local',
      'remote',
      'only_media',
      'any',
      'all',
      'none',
    ]);
    return this.presenter.presentMany(result.statuses, viewer, {
      filterContext: 'public',
      live: result.live,
    });
  }
}
