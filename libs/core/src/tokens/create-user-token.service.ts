import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  digestToken,
  generateToken,
  isKnownScope,
  parseScopes,
  scopesWithin,
} from '@nestodon/auth';
import { Account, OAuthApplication, User, ValidationError } from '@nestodon/domain';
import { DataSource, IsNull } from 'typeorm';
import { findLocalUser } from '../accounts/find-local-user';
import { OOB_REDIRECT_URI } from '../accounts/confirm-email.service';
import { issueAccessToken, IssuedAccessToken } from './issue-access-token';

export const DEFAULT_CLI_APP_NAME = 'Nestodon CLI';
export const DEFAULT_CLI_SCOPES = 'read write follow push';

export interface CreatedUserToken extends IssuedAccessToken {
  user: User & { account: Account };
  application: OAuthApplication;
}

/**
 * `tokens create` of the operator CLI: a bearer token for a local user, issued to an app of
 * the given name that is created on first use (out-of-band redirect, not owned by a user) and
 * widened when later asked for more scopes.
 */
@Injectable()
export class CreateUserTokenService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(
    username: string,
    options: { scopes?: string; appName?: string } = {},
  ): Promise<CreatedUserToken> {
    const scopes = parseScopes(options.scopes ?? DEFAULT_CLI_SCOPES);
    const unknown = scopes.filter((scope) => !isKnownScope(scope));
    if (scopes.length === 0) throw new ValidationError('No scopes given');
    if (unknown.length > 0) throw new ValidationError(`Unknown scope: ${unknown.join(', ')}`);
    const appName = options.appName?.trim() || DEFAULT_CLI_APP_NAME;

    return this.dataSource.transaction(async (manager) => {
      const user = await findLocalUser(manager, username);
      const apps = manager.getRepository(OAuthApplication);
      let application = await apps.findOne({
        where: { name: appName, ownerUserId: IsNull() },
        order: { id: 'ASC' },
      });
      if (!application) {
        application = await apps.save(
          apps.create({
            name: appName,
            uid: generateToken(),
            secretDigest: digestToken(generateToken()),
            redirectUri: OOB_REDIRECT_URI,
            scopes: scopes.join(' '),
            confidential: true,
          }),
        );
      } else if (!scopesWithin(scopes, parseScopes(application.scopes))) {
        application.scopes = [...new Set([...parseScopes(application.scopes), ...scopes])].join(
          ' ',
        );
        await apps.update(application.id, { scopes: application.scopes });
      }
      const issued = await issueAccessToken(manager, {
        applicationId: application.id,
        userId: user.id,
        scopes: scopes.join(' '),
      });
      return { ...issued, user, application };
    });
  }
}
