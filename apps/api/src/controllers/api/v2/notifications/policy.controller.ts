import { Body, Controller, Get } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { NotificationPolicyQueries, UpdateNotificationPolicyService } from '@nestodon/core';
import { Account, ValidationError } from '@nestodon/domain';
import { Update } from '@nestodon/http';
import { NotificationPolicyJson, serializeNotificationPolicy } from '@nestodon/serializers';

const value = (body: Record<string, unknown>, name: string): string | undefined => {
  const raw = body[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string')
    throw new ValidationError(`Validation failed: ${name} must be a string`);
  return raw;
};

/** /api/v2/notifications/policy: accept, filter or drop per kind of sender. */
@Controller('api/v2/notifications/policy')
export class NotificationPolicyController {
  constructor(
    private readonly policies: NotificationPolicyQueries,
    private readonly updatePolicy: UpdateNotificationPolicyService,
  ) {}

  @Get()
  @Scopes('read:notifications')
  async show(@CurrentAccount() account: Account): Promise<NotificationPolicyJson> {
    return serializeNotificationPolicy(await this.policies.show(account));
  }

  @Update()
  @Scopes('write:notifications')
  async update(
    @CurrentAccount() account: Account,
    @Body() body: Record<string, unknown>,
  ): Promise<NotificationPolicyJson> {
    return serializeNotificationPolicy(
      await this.updatePolicy.call(account, {
        forNotFollowing: value(body, 'for_not_following'),
        forNotFollowers: value(body, 'for_not_followers'),
        forNewAccounts: value(body, 'for_new_accounts'),
        forPrivateMentions: value(body, 'for_private_mentions'),
        forLimitedAccounts: value(body, 'for_limited_accounts'),
      }),
    );
  }
}
