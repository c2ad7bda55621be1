import { Body, Controller, Get } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { parseBoolean } from '@nestodon/config';
import { NotificationPolicyQueries, UpdateNotificationPolicyService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { Update } from '@nestodon/http';
import { NotificationPolicyV1Json, serializeNotificationPolicyV1 } from '@nestodon/serializers';

const rule = (body: Record<string, unknown>, name: string) =>
  body[name] === undefined ? undefined : parseBoolean(body[name]) ? 'filter' : 'accept';

/** /api/v1/notifications/policy (deprecated): the policy as "filter or accept" booleans. */
@Controller('api/v1/notifications/policy')
export class NotificationPolicyV1Controller {
  constructor(
    private readonly policies: NotificationPolicyQueries,
    private readonly updatePolicy: UpdateNotificationPolicyService,
  ) {}

  @Get()
  @Scopes('read:notifications')
  async show(@CurrentAccount() account: Account): Promise<NotificationPolicyV1Json> {
    return serializeNotificationPolicyV1(await this.policies.show(account));
  }

  @Update()
  @Scopes('write:notifications')
  async update(
    @CurrentAccount() account: Account,
    @Body() body: Record<string, unknown>,
  ): Promise<NotificationPolicyV1Json> {
    return serializeNotificationPolicyV1(
      await this.updatePolicy.call(account, {
        forNotFollowing: rule(body, 'filter_not_following'),
        forNotFollowers: rule(body, 'filter_not_followers'),
        forNewAccounts: rule(body, 'filter_new_accounts'),
        forPrivateMentions: rule(body, 'filter_private_mentions'),
      }),
    );
  }
}
