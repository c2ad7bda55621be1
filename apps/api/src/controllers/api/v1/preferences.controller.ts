import { Controller, Get } from '@nestjs/common';
import { AuthContext, CurrentAuth, Scopes } from '@nestodon/auth';
import { PreferencesJson, serializePreferences } from '@nestodon/serializers';

/** GET /api/v1/preferences: the user's posting and reading defaults. */
@Controller('api/v1/preferences')
export class PreferencesController {
  @Get()
  @Scopes('read:accounts')
  show(@CurrentAuth() auth: AuthContext): PreferencesJson {
    const user = auth.user!;
    return serializePreferences(user, user.account);
  }
}
