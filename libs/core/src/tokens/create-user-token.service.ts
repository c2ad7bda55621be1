import { Injectable } from '@nestjs/common';
import {
  digestToken,
  generateToken,
  isKnownScope,
  OOB_REDIRECT_URI,
  parseScopes,
  scopesWithin,
} from '@nestodon/access';
import {
  OAuthApplication,
  OAuthApplicationRepository,
  TransactionRunner,
  UserRepository,
  UserWithAccount,
  ValidationError,
} from '@nestodon/domain';
import { requireLocalUser } from '../accounts/local-accounts';
import { IssueAccessTokenService, IssuedAccessToken } from './issue-access-token.service';

export const DEFAULT_CLI_APP_NAME = 'Nestodon CLI';
export const DEFAULT_CLI_SCOPES = 'read write follow push';

export interface CreatedUserToken extends IssuedAccessToken {
  user: UserWithAccount;
  application: OAuthApplication;
}

/**
 * `tokens create` of the operator CLI: a bearer token for a local user, issued to an app of
 * the given name that is created on first use (out-of-band redirect, not owned by a user) and
 * widened when later asked for more scopes.
 */
@Injectable()
export class CreateUserTokenService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly users: UserRepository,
    private readonly applications: OAuthApplicationRepository,
    private readonly issueAccessToken: IssueAccessTokenService,
  ) {}

  async call(
    username: string,
    options: { scopes?: string; appName?: string } = {},
  ): Promise<CreatedUserToken> {
    const scopes = parseScopes(options.scopes ?? DEFAULT_CLI_SCOPES);
    const unknown = scopes.filter((scope) => !isKnownScope(scope));
    if (scopes.length === 0) throw new ValidationError('No scopes given');
    if (unknown.length > 0) throw new ValidationError(`Unknown scope: ${unknown.join(', ')}`);
    const appName = options.appName?.trim() || DEFAULT_CLI_APP_NAME;

    return this.transactions.run(async (tx) => {
      const user = await requireLocalUser(this.users, username, tx);
      let application = await this.applications.findUnownedByName(appName, tx);
      if (!application) {
        application = await this.applications.insert(
          {
            name: appName,
            uid: generateToken(),
            secretDigest: digestToken(generateToken()),
            redirectUri: OOB_REDIRECT_URI,
            scopes: scopes.join(' '),
            confidential: true,
          },
          tx,
        );
      } else if (!scopesWithin(scopes, parseScopes(application.scopes))) {
        application.scopes = [...new Set([...parseScopes(application.scopes), ...scopes])].join(
          ' ',
        );
        await this.applications.updateScopes(application.id, application.scopes, tx);
      }
      const issued = await this.issueAccessToken.call(
        { applicationId: application.id, userId: user.id, scopes: scopes.join(' ') },
        tx,
      );
      return { ...issued, user, application };
    });
  }
}
