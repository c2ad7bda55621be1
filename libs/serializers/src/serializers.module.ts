import { Global, Module } from '@nestjs/common';
import {
  AccountStatsRepository,
  RelationshipsRepository,
  StatusStatsRepository,
} from '@nestodon/domain';
import { AccountPresenter } from './rest/account.serializer';
import { RelationshipPresenter } from './rest/relationship.serializer';
import { TagPresenter } from './rest/tag.serializer';
import { StatusEditPresenter } from './rest/status-edit.serializer';
import { StatusPresenter } from './rest/status.serializer';
import { StatusPageLoader } from './rest/status-page.loader';
import { RenderedStatusCache } from './rest/rendered-status.cache';
import { NotificationPresenter } from './rest/notification.serializer';
import { ConversationPresenter } from './rest/conversation.serializer';
import { ReportPresenter } from './rest/report.serializer';
import { AdminPresenter } from './rest/admin.serializer';

const PRESENTERS = [
  AccountPresenter,
  StatusPresenter,
  StatusEditPresenter,
  RelationshipPresenter,
  TagPresenter,
  NotificationPresenter,
  ConversationPresenter,
  ReportPresenter,
  AdminPresenter,
];

/** Batch presenters (they query), global so controllers and services can inject them. */
@Global()
@Module({
  providers: [
    ...PRESENTERS,
    StatusPageLoader,
    RenderedStatusCache,
    AccountStatsRepository,
    StatusStatsRepository,
    RelationshipsRepository,
  ],
  exports: [...PRESENTERS, RenderedStatusCache],
})
export class SerializersModule {}
