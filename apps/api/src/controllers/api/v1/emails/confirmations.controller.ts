import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { AllowAppToken, AllowUnconfirmed, AuthContext, CurrentAuth, Scopes } from '@nestodon/auth';
import { ResendConfirmationService } from '@nestodon/core';
import { RateLimit } from '@nestodon/http';
import { IsOptional, IsString, MaxLength } from 'class-validator';

class ResendConfirmationBody {
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  email?: string;
}

/** E-mail confirmation for apps that sign people up through the API. */
@Controller('api/v1/emails')
export class EmailConfirmationsController {
  constructor(private readonly resendConfirmation: ResendConfirmationService) {}

  /** Mails the confirmation link again, to a corrected address if `email` is given. */
  @Post('confirmations')
  @HttpCode(200)
  @Scopes('write:accounts')
  @AllowAppToken()
  @AllowUnconfirmed()
  @RateLimit({ family: 'email_confirmations', limit: 5, periodSeconds: 30 * 60, by: 'account' })
  async create(
    @Body() body: ResendConfirmationBody,
    @CurrentAuth() auth: AuthContext,
  ): Promise<Record<string, never>> {
    await this.resendConfirmation.call(auth.user, auth.application?.id ?? null, body.email);
    return {};
  }

  /** `true` once the address is confirmed (Mastodon 4.4). */
  @Get('check_confirmation')
  @Scopes('read:accounts')
  @AllowUnconfirmed()
  @Header('Content-Type', 'application/json; charset=utf-8')
  check(@CurrentAuth() auth: AuthContext): string {
    return JSON.stringify(auth.user!.confirmedAt !== null);
  }
}
