import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { OAuthAccessToken } from '@nestodon/domain';
import { EntityManager, Repository } from 'typeorm';
import { digestToken, generateToken } from '@nestodon/access';

export interface IssuedToken {
  /** The bearer token; shown once, only its digest is stored. */
  token: string;
  record: OAuthAccessToken;
}

export interface TokenRequest {
  applicationId: string;
  /** Null for an app token (client_credentials). */
  userId: string | null;
  scopes: readonly string[];
}

/** Issues bearer tokens. They never expire and come without refresh tokens, as on Mastodon. */
@Injectable()
export class AccessTokenService {
  constructor(
    @InjectRepository(OAuthAccessToken) private readonly tokens: Repository<OAuthAccessToken>,
  ) {}

  async issue(request: TokenRequest, manager?: EntityManager): Promise<IssuedToken> {
    const repository = manager ? manager.getRepository(OAuthAccessToken) : this.tokens;
    const token = generateToken();
    const record = await repository.save(
      repository.create({
        tokenDigest: digestToken(token),
        scopes: request.scopes.join(' '),
        applicationId: request.applicationId,
        resourceOwnerId: request.userId,
        expiresIn: null,
      }),
    );
    return { token, record };
  }
}
