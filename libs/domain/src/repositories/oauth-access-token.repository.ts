import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull } from 'typeorm';
import { reportAuthRowChange } from '../auth-row-changes';
import { OAuthAccessGrant } from '../entities/oauth-access-grant.entity';
import { OAuthAccessToken } from '../entities/oauth-access-token.entity';
import { OAuthApplication } from '../entities/oauth-application.entity';
import { Transaction } from '../transactions';

/** An app a user authorized, as their live tokens of it show it. */
export interface AuthorizedApplicationRow {
  application: OAuthApplication;
  /** Every scope the user granted it, over all its live tokens. */
  scopes: string[];
  /** When it was first authorized. */
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** Bearer tokens (`oauth_access_tokens`), stored as digests only. */
@Injectable()
export class OAuthAccessTokenRepository {
  constructor(private readonly dataSource: DataSource) {}

  findByDigest(tokenDigest: string): Promise<OAuthAccessToken | null> {
    return this.dataSource.getRepository(OAuthAccessToken).findOneBy({ tokenDigest });
  }

  findById(id: string): Promise<OAuthAccessToken | null> {
    return this.dataSource.getRepository(OAuthAccessToken).findOneBy({ id });
  }

  /**
   * The apps holding live (unrevoked, unexpired) tokens of a user, oldest authorization first,
   * with the scopes granted and when they were last used.
   */
  async authorizedApplications(userId: string): Promise<AuthorizedApplicationRow[]> {
    const rows: Array<{
      application_id: string;
      scopes: string[];
      created_at: Date;
      last_used_at: Date | null;
    }> = await this.dataSource.query(
      `SELECT t.application_id::text AS application_id,
              array_agg(DISTINCT s.scope ORDER BY s.scope) AS scopes,
              min(t.created_at) AS created_at, max(t.last_used_at) AS last_used_at
         FROM oauth_access_tokens t
         CROSS JOIN LATERAL unnest(string_to_array(t.scopes, ' ')) AS s(scope)
        WHERE t.resource_owner_id = $1 AND t.application_id IS NOT NULL AND t.revoked_at IS NULL
          AND (t.expires_in IS NULL OR t.created_at + t.expires_in * interval '1 second' > now())
          AND s.scope <> ''
        GROUP BY t.application_id
        ORDER BY min(t.created_at), t.application_id`,
      [userId],
    );
    if (rows.length === 0) return [];
    const applications = await this.dataSource
      .getRepository(OAuthApplication)
      .findBy({ id: In(rows.map((row) => row.application_id)) });
    const byId = new Map(applications.map((application) => [String(application.id), application]));
    return rows.flatMap((row) => {
      const application = byId.get(row.application_id);
      return application
        ? [
            {
              application,
              scopes: row.scopes,
              createdAt: new Date(row.created_at),
              lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
            },
          ]
        : [];
    });
  }

  /**
   * Revokes every token and unused authorization code a user gave an app (Doorkeeper's
   * `revoke_tokens_and_grants_for`); the number of tokens revoked.
   */
  async revokeApplication(userId: string, applicationId: string, tx: Transaction): Promise<number> {
    const [, revoked] = (await tx.query(
      `UPDATE oauth_access_tokens SET revoked_at = now()
        WHERE resource_owner_id = $1 AND application_id = $2 AND revoked_at IS NULL`,
      [userId, applicationId],
    )) as [unknown, number];
    await tx.query(
      `UPDATE oauth_access_grants SET revoked_at = now()
        WHERE resource_owner_id = $1 AND application_id = $2 AND revoked_at IS NULL`,
      [userId, applicationId],
    );
    reportAuthRowChange(tx, { table: 'users', id: userId });
    return revoked;
  }

  insert(values: Partial<OAuthAccessToken>, tx?: Transaction): Promise<OAuthAccessToken> {
    const tokens = (tx ?? this.dataSource.manager).getRepository(OAuthAccessToken);
    return tokens.save(tokens.create(values));
  }

  /** Revokes the token now, unless it was revoked before. */
  async revoke(id: string, tx?: Transaction): Promise<void> {
    const manager = tx ?? this.dataSource.manager;
    // Reported by id: the ORM's own report of an update does not say which row it was.
    await manager
      .createQueryBuilder()
      .update(OAuthAccessToken)
      .set({ revokedAt: new Date() })
      .where({ id, revokedAt: IsNull() })
      .callListeners(false)
      .execute();
    reportAuthRowChange(manager, { table: 'oauth_access_tokens', id });
  }

  /**
   * Revokes every token and unused authorization code of a user (a password reset, a deletion);
   * returns the ids of the tokens revoked now.
   */
  async revokeAllOfUser(userId: string, tx?: Transaction): Promise<string[]> {
    const manager = tx ?? this.dataSource.manager;
    await manager
      .getRepository(OAuthAccessGrant)
      .update({ resourceOwnerId: userId, revokedAt: IsNull() }, { revokedAt: new Date() });
    const [rows] = (await manager.query(
      `UPDATE oauth_access_tokens SET revoked_at = now()
        WHERE resource_owner_id = $1 AND revoked_at IS NULL RETURNING id::text`,
      [userId],
    )) as [Array<{ id: string }>, number];
    reportAuthRowChange(manager, { table: 'users', id: userId });
    return rows.map((row) => row.id);
  }
}
