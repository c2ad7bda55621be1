import { Global, Module, Provider } from '@nestjs/common';
import { OutboundModule } from '@nestodon/platform';
import { ACCOUNTS_PROVIDERS } from './accounts/accounts.providers';
import { ACTORS_PROVIDERS } from './actors/actors.providers';
import { ANNOUNCEMENTS_PROVIDERS } from './announcements/announcements.providers';
import { ADMIN_PROVIDERS } from './admin/admin.providers';
import { CACHES_PROVIDERS } from './caches/caches.providers';
import { CARDS_PROVIDERS } from './cards/cards.providers';
import { ANNUAL_REPORTS_PROVIDERS } from './annual-reports/annual-reports.providers';
import { COLLECTIONS_PROVIDERS } from './collections/collections.providers';
import { CONVERSATIONS_PROVIDERS } from './conversations/conversations.providers';
import { CUSTOM_EMOJIS_PROVIDERS } from './custom-emojis/custom-emojis.providers';
import { DOMAIN_MODERATION_PROVIDERS } from './domain-moderation/domain-moderation.providers';
import { FEEDS_PROVIDERS } from './feeds/feeds.providers';
import { FILTERS_PROVIDERS } from './filters/filters.providers';
import { INSTANCE_PROVIDERS } from './instance/instance.providers';
import { LISTS_PROVIDERS } from './lists/lists.providers';
import { MAIL_PROVIDERS } from './mail/mail.providers';
import { MAINTENANCE_PROVIDERS } from './maintenance/maintenance.providers';
import { MARKERS_PROVIDERS } from './markers/markers.providers';
import { MEDIA_PROVIDERS } from './media/media.providers';
import { NOTIFICATIONS_PROVIDERS } from './notifications/notifications.providers';
import { OAUTH_PROVIDERS } from './oauth/oauth.providers';
import { PUBLIC_PAGES_PROVIDERS } from './public-pages/public-pages.providers';
import { OUTBOX_PROVIDERS } from './outbox/outbox.providers';
import { PUSH_PROVIDERS } from './push/push.providers';
import { QUOTES_PROVIDERS } from './quotes/quotes.providers';
import { RELATIONSHIPS_PROVIDERS } from './relationships/relationships.providers';
import { REPORTS_PROVIDERS } from './reports/reports.providers';
import { ROLES_PROVIDERS } from './roles/roles.providers';
import { SEARCH_PROVIDERS } from './search/search.providers';
import { SETTINGS_PROVIDERS } from './settings/settings.providers';
import { STATUSES_PROVIDERS } from './statuses/statuses.providers';
import { SUGGESTIONS_PROVIDERS } from './suggestions/suggestions.providers';
import { TAGS_PROVIDERS } from './tags/tags.providers';
import { TIMELINES_PROVIDERS } from './timelines/timelines.providers';
import { TOKENS_PROVIDERS } from './tokens/tokens.providers';
import { TRANSLATION_PROVIDERS } from './translation/translation.providers';

/** Every use case, registered by feature; each feature lists its own in `<feature>.providers.ts`. */
const SERVICES: Provider[] = [
  ...ACCOUNTS_PROVIDERS,
  ...ACTORS_PROVIDERS,
  ...ANNOUNCEMENTS_PROVIDERS,
  ...ADMIN_PROVIDERS,
  ...CACHES_PROVIDERS,
  ...CARDS_PROVIDERS,
  ...ANNUAL_REPORTS_PROVIDERS,
  ...COLLECTIONS_PROVIDERS,
  ...CONVERSATIONS_PROVIDERS,
  ...CUSTOM_EMOJIS_PROVIDERS,
  ...DOMAIN_MODERATION_PROVIDERS,
  ...FEEDS_PROVIDERS,
  ...FILTERS_PROVIDERS,
  ...INSTANCE_PROVIDERS,
  ...LISTS_PROVIDERS,
  ...MAIL_PROVIDERS,
  ...MAINTENANCE_PROVIDERS,
  ...MARKERS_PROVIDERS,
  ...MEDIA_PROVIDERS,
  ...NOTIFICATIONS_PROVIDERS,
  ...OAUTH_PROVIDERS,
  ...PUBLIC_PAGES_PROVIDERS,
  ...OUTBOX_PROVIDERS,
  ...PUSH_PROVIDERS,
  ...QUOTES_PROVIDERS,
  ...RELATIONSHIPS_PROVIDERS,
  ...REPORTS_PROVIDERS,
  ...ROLES_PROVIDERS,
  ...SEARCH_PROVIDERS,
  ...SETTINGS_PROVIDERS,
  ...STATUSES_PROVIDERS,
  ...SUGGESTIONS_PROVIDERS,
  ...TAGS_PROVIDERS,
  ...TIMELINES_PROVIDERS,
  ...TOKENS_PROVIDERS,
  ...TRANSLATION_PROVIDERS,
];

/** Use cases shared by the api and the worker; outbound requests (web push) use the safe client. */
@Global()
@Module({ imports: [OutboundModule], providers: SERVICES, exports: SERVICES })
export class CoreModule {}
