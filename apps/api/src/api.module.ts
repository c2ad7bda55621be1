import { DynamicModule, MiddlewareConsumer, Module, NestModule, Type } from '@nestjs/common';
import { AuthModule } from '@nestodon/auth';
import { AppConfig, ConfigModule } from '@nestodon/config';
import { CoreModule } from '@nestodon/core';
import {
  DatabaseModule,
  HealthService,
  loggerParams,
  MetricsModule,
  RedisModule,
} from '@nestodon/platform';
import { PubSubModule } from '@nestodon/pubsub';
import { QueueModule } from '@nestodon/queue';
import { SerializersModule } from '@nestodon/serializers';
import { LoggerModule } from 'nestjs-pino';
import { HealthController } from './controllers/health.controller';
import { AccountStatusesController } from './controllers/api/v1/accounts/statuses.controller';
import { BookmarksController } from './controllers/api/v1/bookmarks.controller';
import { FavouritesController } from './controllers/api/v1/favourites.controller';
import { PollsController } from './controllers/api/v1/polls.controller';
import { PollVotesController } from './controllers/api/v1/polls/votes.controller';
import { ScheduledStatusesController } from './controllers/api/v1/scheduled-statuses.controller';
import { StatusesController } from './controllers/api/v1/statuses.controller';
import { StatusBookmarksController } from './controllers/api/v1/statuses/bookmarks.controller';
import { StatusContextController } from './controllers/api/v1/statuses/context.controller';
import { StatusFavouritesController } from './controllers/api/v1/statuses/favourites.controller';
import { StatusHistoryController } from './controllers/api/v1/statuses/history.controller';
import { StatusInteractorsController } from './controllers/api/v1/statuses/interactors.controller';
import { StatusMutesController } from './controllers/api/v1/statuses/mutes.controller';
import { StatusPinsController } from './controllers/api/v1/statuses/pins.controller';
import { StatusReblogsController } from './controllers/api/v1/statuses/reblogs.controller';
import { StatusSourceController } from './controllers/api/v1/statuses/source.controller';
import { AccountRegistrationController } from './controllers/api/v1/accounts/registration.controller';
import { EmailConfirmationsController } from './controllers/api/v1/emails/confirmations.controller';
import { ConfirmationController } from './controllers/auth/confirmation.controller';
import { InstanceController } from './controllers/api/v1/instance.controller';
import { InstanceActivityController } from './controllers/api/v1/instance/activity.controller';
import { InstanceExtendedDescriptionController } from './controllers/api/v1/instance/extended-description.controller';
import { InstanceLanguagesController } from './controllers/api/v1/instance/languages.controller';
import { InstancePeersController } from './controllers/api/v1/instance/peers.controller';
import { InstanceRulesController } from './controllers/api/v1/instance/rules.controller';
import { InstanceV2Controller } from './controllers/api/v2/instance.controller';
import { AccountsController } from './controllers/api/v1/accounts/accounts.controller';
import { AccountLookupController } from './controllers/api/v1/accounts/lookup.controller';
import { AccountSearchController } from './controllers/api/v1/accounts/search.controller';
import { SearchV2Controller } from './controllers/api/v2/search.controller';
import { TrendsController } from './controllers/api/v1/trends.controller';
import { UpdateCredentialsController } from './controllers/api/v1/accounts/update-credentials.controller';
import { VerifyCredentialsController } from './controllers/api/v1/accounts/verify-credentials.controller';
import { PreferencesController } from './controllers/api/v1/preferences.controller';
import { ProfileAvatarController } from './controllers/api/v1/profile/avatar.controller';
import { ProfileHeaderController } from './controllers/api/v1/profile/header.controller';
import { MissingImagesController } from './controllers/media/missing-images.controller';
import { MediaController } from './controllers/api/v1/media.controller';
import { MediaV2Controller } from './controllers/api/v2/media.controller';
import { OAuthModule } from '@nestodon/auth';
import { AppsController } from './controllers/api/v1/apps.controller';
import { AppsVerifyCredentialsController } from './controllers/api/v1/apps/verify-credentials.controller';
import { SignInController } from './controllers/auth/sign-in.controller';
import { AuthorizeController } from './controllers/oauth/authorize.controller';
import { RevokeController } from './controllers/oauth/revoke.controller';
import { TokenController } from './controllers/oauth/token.controller';
import { UserinfoController } from './controllers/oauth/userinfo.controller';
import { OAuthAuthorizationServerController } from './controllers/well-known/oauth-authorization-server.controller';
import { HostMetaController } from './controllers/well-known/host-meta.controller';
import { NodeInfoController } from './controllers/nodeinfo/nodeinfo.controller';
import { FederationHttpModule } from './federation/federation-http.module';
import { PageOAuthPresentation } from './pages/oauth-presentation';
import { WebSessionModule } from './session/web-session.module';
import { AccountBlocksController } from './controllers/api/v1/accounts/blocks.controller';
import { AccountEndorsementsController } from './controllers/api/v1/accounts/endorsements.controller';
import { FamiliarFollowersController } from './controllers/api/v1/accounts/familiar-followers.controller';
import { AccountFeaturedTagsController } from './controllers/api/v1/accounts/featured-tags.controller';
import { AccountFollowsController } from './controllers/api/v1/accounts/follows.controller';
import { AccountMutesController } from './controllers/api/v1/accounts/mutes.controller';
import { AccountNetworkController } from './controllers/api/v1/accounts/network.controller';
import { AccountNoteController } from './controllers/api/v1/accounts/note.controller';
import { AccountRelationshipsController } from './controllers/api/v1/accounts/relationships.controller';
import { BlocksController } from './controllers/api/v1/blocks.controller';
import { DirectoryController } from './controllers/api/v1/directory.controller';
import { NoAccessMiddleware } from './support/no-access.middleware';
import { DISCOVERY_SURFACE_CONTROLLERS } from './controllers/discovery-surface-controllers';
import { MODERATION_CONTROLLERS } from './controllers/moderation-controllers';
import { DomainBlocksController } from './controllers/api/v1/domain-blocks.controller';
import { EndorsementsController } from './controllers/api/v1/endorsements.controller';
import { FeaturedTagsController } from './controllers/api/v1/featured-tags.controller';
import { FollowRequestsController } from './controllers/api/v1/follow-requests.controller';
import { FollowedTagsController } from './controllers/api/v1/followed-tags.controller';
import { MutesController } from './controllers/api/v1/mutes.controller';
import { SuggestionsController } from './controllers/api/v1/suggestions.controller';
import { TagsController } from './controllers/api/v1/tags.controller';
import { SuggestionsV2Controller } from './controllers/api/v2/suggestions.controller';
import { PushSubscriptionController } from './controllers/api/v1/push/subscription.controller';
import { StreamingRedirectController } from './controllers/api/v1/streaming.controller';
import { TIMELINE_CONTROLLERS } from './controllers/timeline-controllers';
import { COMPAT_CONTROLLERS } from './controllers/compat-controllers';

export interface ApiModuleOptions {
  /**
   * The module of the job processors, so that under JOBS_INLINE jobs run in this process
   * (end-to-end tests pass the worker's JobProcessorsModule).
   */
  jobProcessors?: Type<unknown>;
}

@Module({})
export class ApiModule implements NestModule {
  /** Addresses in a no_access IP block get nothing (sign-in, OAuth and the API alike). */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(NoAccessMiddleware).forRoutes('{*splat}');
  }

  static forRoot(config: AppConfig, options: ApiModuleOptions = {}): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config, 'api')),
        DatabaseModule,
        RedisModule,
        MetricsModule.forRoot('api'),
        QueueModule,
        PubSubModule,
        CoreModule,
        SerializersModule,
        AuthModule,
        OAuthModule.forRoot(PageOAuthPresentation),
        WebSessionModule,
        FederationHttpModule,
        ...(options.jobProcessors ? [options.jobProcessors] : []),
      ],
      controllers: [
        // Specific paths before parameterised ones.
        // Statuses (issue 5): sub-resources of /api/v1/statuses/:id before the bare :id routes.
        StatusContextController,
        StatusFavouritesController,
        StatusReblogsController,
        StatusBookmarksController,
        StatusPinsController,
        StatusMutesController,
        StatusHistoryController,
        StatusSourceController,
        StatusInteractorsController,
        StatusesController,
        PollVotesController,
        PollsController,
        ScheduledStatusesController,
        FavouritesController,
        BookmarksController,
        AccountStatusesController,
        InstanceActivityController,
        InstanceExtendedDescriptionController,
        InstanceLanguagesController,
        InstancePeersController,
        InstanceRulesController,
        InstanceController,
        InstanceV2Controller,
        AccountRegistrationController,
        EmailConfirmationsController,
        ConfirmationController,
        VerifyCredentialsController,
        UpdateCredentialsController,
        AccountLookupController,
        PreferencesController,
        ProfileAvatarController,
        ProfileHeaderController,
        MissingImagesController,
        // Media uploads (issue 18).
        MediaController,
        MediaV2Controller,
        AppsVerifyCredentialsController,
        AppsController,
        AuthorizeController,
        TokenController,
        RevokeController,
        UserinfoController,
        SignInController,
        OAuthAuthorizationServerController,
        HostMetaController,
        NodeInfoController,
        HealthController,
        StreamingRedirectController,
        PushSubscriptionController,
        // Relationships, tags, suggestions, directory (issue 4).
        AccountRelationshipsController,
        FamiliarFollowersController,
        AccountFollowsController,
        AccountBlocksController,
        AccountMutesController,
        AccountNoteController,
        AccountEndorsementsController,
        AccountNetworkController,
        AccountFeaturedTagsController,
        FollowRequestsController,
        BlocksController,
        MutesController,
        DomainBlocksController,
        EndorsementsController,
        FeaturedTagsController,
        TagsController,
        FollowedTagsController,
        SuggestionsController,
        SuggestionsV2Controller,
        DirectoryController,
        // Search (issue 11).
        AccountSearchController,
        SearchV2Controller,
        TrendsController,
        // Timelines, lists, markers, filters, notifications, conversations (issue 6).
        ...TIMELINE_CONTROLLERS,
        // Reports and the admin API (issue 12).
        ...MODERATION_CONTROLLERS,
        // Client compatibility and the Mastodon 4.3–4.6 surface (issue 15).
        ...COMPAT_CONTROLLERS,
        // Custom emoji, announcements, instance information, public pages (issue 11).
        ...DISCOVERY_SURFACE_CONTROLLERS,
        // Keep last: GET /api/v1/accounts/:id would shadow /api/v1/accounts/<word> routes.
        AccountsController,
      ],
      providers: [HealthService],
    };
  }
}
