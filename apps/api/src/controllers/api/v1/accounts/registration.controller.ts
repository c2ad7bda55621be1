import { Body, Controller, HttpCode, HttpException, Post, Req } from '@nestjs/common';
import { AllowAppToken, AuthContext, CurrentAuth, Scopes } from '@nestodon/auth';
import { parseBoolean } from '@nestodon/config';
import { RegisterAccountService } from '@nestodon/core';
import { RateLimit } from '@nestodon/http';
import { serializeToken, TokenJson } from '@nestodon/serializers';
import { Allow, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';

class RegisterAccountBody {
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  username?: string;

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  email?: string;

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  password?: string;

  /** true, "true", "1", … (Rails truthiness); anything else is not an agreement. */
  @Allow()
  agreement?: unknown;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  locale?: string;

  @IsOptional()
  @IsString()
  @MaxLength(10000)
  reason?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  invite_code?: string;

  /** Accepted for compatibility; no minimum age is configured, so it is not checked. */
  @IsOptional()
  @IsString()
  date_of_birth?: string;

  @IsOptional()
  @IsString()
  time_zone?: string;
}

/** POST /api/v1/accounts: sign-up by an app (client credentials), returning a user token. */
@Controller('api/v1/accounts')
export class AccountRegistrationController {
  constructor(private readonly registrations: RegisterAccountService) {}

  @Post()
  @HttpCode(200)
  @Scopes('write:accounts')
  @AllowAppToken()
  @RateLimit({ family: 'sign_up', limit: 5, periodSeconds: 30 * 60, by: 'ip' })
  async create(
    @Body() body: RegisterAccountBody,
    @CurrentAuth() auth: AuthContext,
    @Req() req: Request,
  ): Promise<TokenJson> {
    // Mastodon's require_client_credentials!: a user token cannot sign up someone else.
    if (auth.user || !auth.application) {
      throw new HttpException(
        { error: 'This method requires an client credentials authentication' },
        403,
      );
    }
    const { token, row } = await this.registrations.call(auth.application, req.ip ?? null, {
      username: body.username,
      email: body.email,
      password: body.password,
      agreement: parseBoolean(body.agreement),
      locale: body.locale,
      reason: body.reason,
      inviteCode: body.invite_code,
    });
    return serializeToken(row, token);
  }
}
