import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  HttpException,
  Inject,
  Param,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import { AuthContext, CurrentAccount, CurrentAuth, Scopes, ScopesIfToken } from '@nestodon/auth';
import { APP_CONFIG, AppConfig, parseBoolean } from '@nestodon/config';
import {
  PostStatusInput,
  PostStatusResult,
  PostStatusService,
  RemoveStatusService,
  ScheduledStatusQueries,
  StatusQueries,
  UnexpectedMentionsError,
  UpdateStatusService,
} from '@nestodon/core';
import { Account, isValidId, ValidationError } from '@nestodon/domain';
import { AcceptsUploads, RateLimit, ToArray, Update } from '@nestodon/http';
import {
  AccountPresenter,
  ScheduledStatusJson,
  serializeScheduledStatus,
  StatusJson,
  StatusPresenter,
} from '@nestodon/serializers';
import { IsArray, IsOptional, IsString } from 'class-validator';
import type { Request } from 'express';
import {
  CreateStatusParams,
  mediaAttributeThumbnails,
  parseTime,
  pollInput,
  UpdateStatusParams,
  viewerOf,
} from './statuses/status-params';

/** Mastodon's posting limit (reblogs count too) and its limit on deletions. */
export const STATUS_RATE_LIMIT = {
  family: 'statuses',
  limit: 300,
  periodSeconds: 3 * 3600,
  by: 'account',
} as const;
export const STATUS_DELETE_RATE_LIMIT = {
  family: 'statuses_delete',
  limit: 30,
  periodSeconds: 30 * 60,
  by: 'account',
} as const;

/** How many statuses GET /api/v1/statuses?id[]= returns at most. */
export const MAX_STATUSES_PER_REQUEST = 20;

class StatusesQuery {
  @IsOptional()
  @ToArray()
  @IsArray()
  @IsString({ each: true })
  id?: string[];
}

/** /api/v1/statuses: post, read (one or several), edit and delete statuses. */
@Controller('api/v1/statuses')
export class StatusesController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly posting: PostStatusService,
    private readonly updating: UpdateStatusService,
    private readonly removal: RemoveStatusService,
    private readonly scheduledStatuses: ScheduledStatusQueries,
    private readonly visibility: StatusQueries,
    private readonly presenter: StatusPresenter,
    private readonly accounts: AccountPresenter,
  ) {}

  /** Posts (or schedules, with scheduled_at) a status. */
  @Post()
  @HttpCode(200)
  @Scopes('write:statuses')
  @RateLimit(STATUS_RATE_LIMIT)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Body() body: CreateStatusParams,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ): Promise<StatusJson | ScheduledStatusJson> {
    const account = viewerOf(auth)!;
    const result = await this.post(account, {
      text: body.status,
      spoilerText: body.spoiler_text,
      sensitive: body.sensitive,
      visibility: body.visibility,
      language: body.language,
      inReplyToId: body.in_reply_to_id,
      mediaIds: body.media_ids,
      poll: pollInput(body.poll),
      scheduledAt: parseTime(body.scheduled_at, 'scheduled_at'),
      idempotencyKey: idempotencyKey ?? null,
      applicationId: auth.application?.id ?? null,
      quotedStatusId: body.quoted_status_id,
      quoteApprovalPolicy: body.quote_approval_policy,
      allowedMentions: body.allowed_mentions,
    });
    if ('scheduled' in result) {
      const [{ scheduled, media }] = await this.scheduledStatuses.withMedia([result.scheduled]);
      return serializeScheduledStatus(scheduled, media, this.config);
    }
    return this.presenter.present(result.status, account);
  }

  /**
   * Posts, answering mentions outside `allowed_mentions` as Mastodon does: 422 with the error
   * and the unexpected accounts.
   */
  private async post(account: Account, input: PostStatusInput): Promise<PostStatusResult> {
    try {
      return await this.posting.call(account, input);
    } catch (error) {
      if (!(error instanceof UnexpectedMentionsError)) throw error;
      throw new HttpException(
        {
          error: error.message,
          unexpected_accounts: await this.accounts.presentMany(error.accounts),
        },
        422,
      );
    }
  }

  /** Several statuses by id; hidden and unknown ones are left out. */
  @Get()
  @ScopesIfToken('read:statuses')
  async index(
    @CurrentAuth() auth: AuthContext | undefined,
    @Query() query: StatusesQuery,
  ): Promise<StatusJson[]> {
    const ids = [...new Set(query.id ?? [])];
    if (ids.length > MAX_STATUSES_PER_REQUEST) {
      throw new ValidationError(
        `Validation failed: at most ${MAX_STATUSES_PER_REQUEST} ids may be requested at once`,
      );
    }
    const viewer = viewerOf(auth);
    const loaded = await this.visibility.loadInOrder(ids.filter(isValidId));
    const statuses = await this.visibility.filterVisible(loaded, viewer);
    return this.presenter.presentMany(statuses, viewer);
  }

  @Get(':id')
  @ScopesIfToken('read:statuses')
  async show(
    @CurrentAuth() auth: AuthContext | undefined,
    @Param('id') id: string,
  ): Promise<StatusJson> {
    const viewer = viewerOf(auth);
    const { status } = await this.visibility.findVisible(id, viewer);
    return this.presenter.present(status, viewer);
  }

  /** Edits one's own status (the new text, media and poll replace the old ones). */
  @Update(':id')
  @AcceptsUploads()
  @Scopes('write:statuses')
  async update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: UpdateStatusParams,
    @Req() req: Request,
  ): Promise<StatusJson> {
    const thumbnails = mediaAttributeThumbnails(req);
    const status = await this.updating.call(account, id, {
      text: body.status,
      spoilerText: body.spoiler_text,
      sensitive: body.sensitive,
      language: body.language,
      mediaIds: body.media_ids,
      mediaAttributes: body.media_attributes?.map((attr) => ({
        id: attr.id,
        description: attr.description,
        focus: attr.focus,
        thumbnail: thumbnails.get(attr.id),
      })),
      poll: pollInput(body.poll),
    });
    return this.presenter.present(status, account);
  }

  /** Deletes one's own status; the answer carries its source for delete-and-redraft. */
  @Delete(':id')
  @Scopes('write:statuses')
  @RateLimit(STATUS_DELETE_RATE_LIMIT)
  async destroy(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query('delete_media') deleteMediaQuery: unknown,
    @Body('delete_media') deleteMediaBody: unknown,
  ): Promise<StatusJson> {
    const status = await this.removal.call(account, id, {
      deleteMedia: parseBoolean(deleteMediaBody ?? deleteMediaQuery),
    });
    return this.presenter.present(status, account, { source: true });
  }
}
