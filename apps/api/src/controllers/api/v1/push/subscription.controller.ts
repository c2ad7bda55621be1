import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  HttpException,
  Inject,
  Patch,
  Post,
  Put,
} from '@nestjs/common';
import { AuthContext, bearerToken, CurrentAuth, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  CreateWebPushSubscriptionService,
  RemoveWebPushSubscriptionService,
  SubscriptionDataParams,
  SubscriptionParams,
  UpdateWebPushSubscriptionService,
  WebPushSubscriptionQueries,
} from '@nestodon/core';
import { RecordNotFoundError } from '@nestodon/domain';
import { serializeWebPushSubscription, WebPushSubscriptionJson } from '@nestodon/serializers';

interface SubscriptionBody {
  subscription?: SubscriptionParams;
  data?: SubscriptionDataParams;
}

/**
 * /api/v1/push/subscription: the Web Push subscription of the calling token (one per token).
 * Without VAPID keys push is off, and every method says so with 503.
 */
@Controller('api/v1/push/subscription')
@Scopes('push')
export class PushSubscriptionController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly create: CreateWebPushSubscriptionService,
    private readonly update: UpdateWebPushSubscriptionService,
    private readonly remove: RemoveWebPushSubscriptionService,
    private readonly queries: WebPushSubscriptionQueries,
  ) {}

  @Post()
  @HttpCode(200)
  async subscribe(
    @CurrentAuth() auth: AuthContext,
    @Headers('authorization') authorization: string,
    @Body() body: SubscriptionBody,
  ): Promise<WebPushSubscriptionJson> {
    const serverKey = this.serverKey();
    const subscriber = {
      tokenId: auth.tokenId,
      token: bearerToken(authorization)!,
      userId: auth.user!.id,
    };
    return serializeWebPushSubscription(
      await this.create.call(subscriber, body.subscription, body.data),
      serverKey,
    );
  }

  @Get()
  async show(@CurrentAuth() auth: AuthContext): Promise<WebPushSubscriptionJson> {
    const serverKey = this.serverKey();
    const subscription = await this.queries.forToken(auth.tokenId);
    if (!subscription) throw new RecordNotFoundError();
    return serializeWebPushSubscription(subscription, serverKey);
  }

  /** PUT (and PATCH, as Rails routes updates): new alerts and policy. */
  @Put()
  change(
    @CurrentAuth() auth: AuthContext,
    @Body() body: SubscriptionBody,
  ): Promise<WebPushSubscriptionJson> {
    return this.changeData(auth, body);
  }

  @Patch()
  patch(
    @CurrentAuth() auth: AuthContext,
    @Body() body: SubscriptionBody,
  ): Promise<WebPushSubscriptionJson> {
    return this.changeData(auth, body);
  }

  @Delete()
  async unsubscribe(@CurrentAuth() auth: AuthContext): Promise<Record<string, never>> {
    this.serverKey();
    await this.remove.call(auth.tokenId);
    return {};
  }

  private async changeData(
    auth: AuthContext,
    body: SubscriptionBody,
  ): Promise<WebPushSubscriptionJson> {
    const serverKey = this.serverKey();
    return serializeWebPushSubscription(await this.update.call(auth.tokenId, body.data), serverKey);
  }

  private serverKey(): string {
    const vapid = this.config.push.vapid;
    if (!vapid) {
      throw new HttpException(
        { error: 'Web Push is not enabled on this server (VAPID keys are not configured)' },
        503,
      );
    }
    return vapid.publicKey;
  }
}
