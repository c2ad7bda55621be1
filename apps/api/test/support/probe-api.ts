import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { CurrentAccount, RequirePermission, Scopes } from '@nestodon/auth';
import { Account, Permission } from '@nestodon/domain';
import { configureHttp } from '@nestodon/http';
import { createTestEnvironment, TestEnvironmentOptions } from '@nestodon/testing';
import { JobProcessorsModule } from '@nestodon/worker';
import { ApiModule } from '../../src/api.module';
import { ApiHarness, serveHarness } from './api-harness';

/** Routes that exist only in tests, to exercise the guard's user and permission checks. */
@Controller('test/probe')
export class ProbeController {
  /** An ordinary user route: functional users only. */
  @Get('me')
  @Scopes('read:accounts')
  me(@CurrentAccount() account: Account) {
    return { id: account.id, username: account.username };
  }

  /** An admin-style route. */
  @Get('manage-users')
  @Scopes('read:accounts')
  @RequirePermission(Permission.ManageUsers)
  manageUsers() {
    return { ok: true };
  }
}

/** The whole api plus ProbeController, over HTTP, on its own database and Redis namespace. */
export async function startProbeApi(options: TestEnvironmentOptions = {}): Promise<ApiHarness> {
  const environment = await createTestEnvironment(options);
  @Module({
    imports: [
      ApiModule.forRoot(environment.config, {
        jobProcessors: options.inlineJobs ? JobProcessorsModule : undefined,
      }),
    ],
    controllers: [ProbeController],
  })
  class ProbeApiModule {}
  const app = await NestFactory.create<NestExpressApplication>(ProbeApiModule, {
    bodyParser: false,
    logger: false,
    abortOnError: false,
  });
  configureHttp(app);
  return serveHarness(app, environment);
}
