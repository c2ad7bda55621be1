import { digestToken, generateToken } from '@nestodon/auth';
import { OAuthAccessToken } from '@nestodon/domain';
import { EntityManager } from 'typeorm';

export interface IssuedAccessToken {
  /** The bearer token; only its digest is stored. */
  token: string;
  row: OAuthAccessToken;
}

/** Stores a new never-expiring bearer token for a user (or an app, without user). */
export async function issueAccessToken(
  manager: EntityManager,
  options: { applicationId: string | null; userId: string | null; scopes: string },
): Promise<IssuedAccessToken> {
  const token = generateToken();
  const row = await manager.getRepository(OAuthAccessToken).save(
    manager.getRepository(OAuthAccessToken).create({
      tokenDigest: digestToken(token),
      scopes: options.scopes,
      applicationId: options.applicationId,
      resourceOwnerId: options.userId,
      expiresIn: null,
    }),
  );
  return { token, row };
}
