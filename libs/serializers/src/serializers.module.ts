import { Global, Module } from '@nestjs/common';
import { AccountStatsRepository, RelationshipsRepository } from '@nestodon/domain';
import { AccountPresenter } from './rest/account.serializer';
import { RelationshipPresenter } from './rest/relationship.serializer';
import { TagPresenter } from './rest/tag.serializer';

const PRESENTERS = [AccountPresenter, RelationshipPresenter, TagPresenter];

/** Batch presenters (they query), global so controllers and services can inject them. */
@Global()
@Module({
  providers: [...PRESENTERS, AccountStatsRepository, RelationshipsRepository],
  exports: PRESENTERS,
})
export class SerializersModule {}
