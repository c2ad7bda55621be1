import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Account, OAuthAccessToken, OAuthApplication, User, UserRole } from '@nestodon/domain';
import { Repository } from 'typeorm';
import { AuthContext } from './auth-context';
import { expandScopes, parseScopes } from './scopes';
import { digestToken } from './token-digest';

type LoadedToken = OAuthAccessToken & {
  application: OAuthApplication | null;
  user: (User & { account: Account }) | null;
};

const LAST_USED_GRANULARITY_MS = 60 * 60 * 1000;

/** Resolves a bearer token to its user, account, role and app in one query. */
@Injectable()
export class TokenAuthenticator {
  constructor(
    @InjectRepository(OAuthAccessToken) private readonly tokens: Repository<OAuthAccessToken>,
  ) {}

  async authenticate(token: string, ip?: string): Promise<AuthContext | null> {
    if (!token || token.length > 512) return null;
    const row = (await this.tokens
      .createQueryBuilder('token')
      .leftJoinAndMapOne(
        'token.application',
        OAuthApplication,
        'app',
        'app.id = token.application_id',
      )
      .leftJoinAndMapOne('token.user', User, 'user', 'user.id = token.resource_owner_id')
      .leftJoinAndMapOne('user.account', Account, 'account', 'account.id = user.account_id')
      .leftJoinAndMapOne('user.role', UserRole, 'role', 'role.id = user.role_id')
      .where('token.token_digest = :digest', { digest: digestToken(token) })
      .andWhere('token.revoked_at IS NULL')
      .getOne()) as LoadedToken | null;
    if (!row) return null;
    if (row.expiresIn !== null && row.createdAt.getTime() + row.expiresIn * 1000 < Date.now())
      return null;
    if (row.resourceOwnerId && !row.user?.account) return null;
    this.touch(row, ip);
    return {
      tokenId: row.id,
      scopes: expandScopes(parseScopes(row.scopes)),
      application: row.application ?? null,
      user: row.user ?? null,
    };
  }

  /** Records use at most hourly, off the response path. */
  private touch(row: OAuthAccessToken, ip?: string): void {
    if (row.lastUsedAt && Date.now() - row.lastUsedAt.getTime() < LAST_USED_GRANULARITY_MS) return;
    void this.tokens
      .update(row.id, { lastUsedAt: new Date(), lastUsedIp: ip ?? null })
      .catch(() => undefined);
  }
}

/** The token from `Authorization: Bearer …`, if any. */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return match ? match[1] : null;
}
