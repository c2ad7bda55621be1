import { Global, Module } from '@nestjs/common';
import { AccountStatsRepository } from '@nestodon/domain';
import { AccountPresenter } from './rest/account.serializer';

const PRESENTERS = [AccountPresenter];

/** Batch presenters (they query), global so controllers and services can inject them. */
@Global()
@Module({ providers: [...PRESENTERS, AccountStatsRepository], exports: PRESENTERS })
export class SerializersModule {}
