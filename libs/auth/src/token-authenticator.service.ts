import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  Account,
  EntityRowMapper,
  OAuthAccessToken,
  OAuthApplication,
  queryPreparedArrays,
  User,
  UserRole,
} from '@nestodon/domain';
import type { Request } from 'express';
import { DataSource, ObjectLiteral, Repository } from 'typeorm';
import { AuthCache, CachedTokenRow } from './auth-cache';
import { AuthContext } from './auth-context';
import { expandScopes, parseScopes } from '@nestodon/access';
import { digestToken } from '@nestodon/access';

type LoadedToken = OAuthAccessToken & {
  application: OAuthApplication | null;
  user: (User & { account: Account }) | null;
};

const LAST_USED_GRANULARITY_MS = 60 * 60 * 1000;

/**
 * Resolves a bearer token to its user, account, role and app in one query: a prepared
 * statement whose rows are mapped to entities by hand. The row is kept in AuthCache for the
 * next requests with the token, and mapped to new entities for each request.
 */
@Injectable()
export class TokenAuthenticator {
  private readonly token: EntityRowMapper<OAuthAccessToken>;
  private readonly app: EntityRowMapper<OAuthApplication>;
  private readonly user: EntityRowMapper<User>;
  private readonly account: EntityRowMapper<Account>;
  private readonly role: EntityRowMapper<UserRole>;
  private readonly sql: string;
  private readonly perRequest = new WeakMap<Request, Promise<AuthContext | null>>();

  constructor(
    @InjectRepository(OAuthAccessToken) private readonly tokens: Repository<OAuthAccessToken>,
    private readonly dataSource: DataSource,
    private readonly cache: AuthCache,
  ) {
    this.token = new EntityRowMapper(dataSource, OAuthAccessToken, 'token');
    this.app = new EntityRowMapper(dataSource, OAuthApplication, 'app');
    this.user = new EntityRowMapper(dataSource, User, 'u');
    this.account = new EntityRowMapper(dataSource, Account, 'account');
    this.role = new EntityRowMapper(dataSource, UserRole, 'role');
    this.sql = `SELECT ${this.token.select}, ${this.app.select}, ${this.user.select},
                       ${this.account.select}, ${this.role.select}
                  FROM oauth_access_tokens token
                  LEFT JOIN oauth_applications app ON app.id = token.application_id
                  LEFT JOIN users u ON u.id = token.resource_owner_id
                  LEFT JOIN accounts account ON account.id = u.account_id
                  LEFT JOIN user_roles role ON role.id = u.role_id
                 WHERE token.token_digest = $1 AND token.revoked_at IS NULL
                 LIMIT 1`;
  }

  /**
   * The token of a request's `Authorization: Bearer` header, resolved once per request: the
   * API throttle and the guard both ask.
   */
  authenticateRequest(request: Request): Promise<AuthContext | null> {
    let resolved = this.perRequest.get(request);
    if (!resolved) {
      const token = bearerToken(request.headers.authorization);
      resolved = token ? this.authenticate(token, request.ip) : Promise.resolve(null);
      this.perRequest.set(request, resolved);
    }
    return resolved;
  }

  /** `recordUse: false` leaves last_used_at alone (the streaming process never writes). */
  async authenticate(
    token: string,
    ip?: string,
    options: { recordUse?: boolean } = {},
  ): Promise<AuthContext | null> {
    if (!token || token.length > 512) return null;
    const found = await this.load(digestToken(token));
    if (!found) return null;
    const { row } = found;
    if (row.expiresIn !== null && row.createdAt.getTime() + row.expiresIn * 1000 < Date.now())
      return null;
    if (row.resourceOwnerId && !row.user?.account) return null;
    if (options.recordUse !== false) this.touch(row, found.cached, ip);
    return {
      tokenId: row.id,
      scopes: expandScopes(parseScopes(row.scopes)),
      application: row.application ?? null,
      user: row.user ?? null,
    };
  }

  /** The token's row, from the cache or loaded (and then cached). */
  private async load(digest: string): Promise<{ row: LoadedToken; cached: CachedTokenRow } | null> {
    const cached = this.cache.get(digest);
    // Mapped from a copy: json columns are objects, and each request gets its own.
    if (cached) return { row: this.hydrate(structuredClone(cached.values)), cached };
    const mark = this.cache.mark();
    const [values] = await queryPreparedArrays(this.dataSource, this.sql, [digest]);
    if (!values) return null;
    const row = this.hydrate(values);
    const entry: CachedTokenRow = {
      values: structuredClone(values),
      ids: {
        oauth_access_tokens: row.id,
        oauth_applications: row.application?.id ?? null,
        users: row.user?.id ?? null,
        accounts: row.user?.account?.id ?? null,
        user_roles: row.user?.role?.id ?? null,
      },
    };
    this.cache.set(digest, entry, mark);
    return { row, cached: entry };
  }

  /** The token with its app, user, account and role as the joins found them. */
  private hydrate(values: unknown[]): LoadedToken {
    let offset = 0;
    const part = <T extends ObjectLiteral>(mapper: EntityRowMapper<T>): T | null => {
      const start = offset;
      offset += mapper.width;
      return mapper.isNull(values, start) ? null : mapper.build(values, start);
    };
    const token = part(this.token)! as LoadedToken;
    const application = part(this.app);
    const user = part(this.user) as (User & { account: Account }) | null;
    const account = part(this.account);
    const role = part(this.role);
    if (application) token.application = application;
    if (user) {
      if (account) user.account = account;
      if (role) user.role = role;
      token.user = user;
    }
    return token;
  }

  /** Records use at most hourly, off the response path. */
  private touch(row: OAuthAccessToken, cached: CachedTokenRow, ip?: string): void {
    const lastUsed = Math.max(row.lastUsedAt?.getTime() ?? 0, cached.touchedAt ?? 0);
    if (Date.now() - lastUsed < LAST_USED_GRANULARITY_MS) return;
    // The cached row keeps its old last_used_at: the touch is remembered beside it.
    cached.touchedAt = Date.now();
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
