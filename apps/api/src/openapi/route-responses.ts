/** A reference to a component schema (a Mastodon entity generated from its serializer). */
const ref = (entity: string) => ({ $ref: `#/components/schemas/${entity}` });
const list = (entity: string) => ({ type: 'array', items: ref(entity) });
const EMPTY = { type: 'object', additionalProperties: false };
const MARKERS = {
  type: 'object',
  properties: { home: ref('Marker'), notifications: ref('Marker') },
  additionalProperties: false,
};
const COUNT = {
  type: 'object',
  properties: { count: { type: 'integer' } },
  required: ['count'],
  additionalProperties: false,
};
const CONTEXT = {
  type: 'object',
  properties: { ancestors: list('Status'), descendants: list('Status') },
  required: ['ancestors', 'descendants'],
  additionalProperties: false,
};

/**
 * The success body of each route that answers a Mastodon entity, by `METHOD path` (Nest's
 * `:param` syntax; `PUT|PATCH` for `@Update` routes). Routes left out answer something with no
 * entity schema (HTML pages, redirects, images, documents of their own standards).
 */
const RESPONSES: Record<string, object> = {
  'GET /api/v1/accounts': list('Account'),
  'POST /api/v1/accounts': ref('Token'),
  'GET /api/v1/accounts/:id': ref('Account'),
  'GET /api/v1/accounts/verify_credentials': ref('CredentialAccount'),
  'PUT|PATCH /api/v1/accounts/update_credentials': ref('CredentialAccount'),
  'GET /api/v1/accounts/lookup': ref('Account'),
  'GET /api/v1/accounts/relationships': list('Relationship'),
  'GET /api/v1/accounts/familiar_followers': list('FamiliarFollowers'),
  'GET /api/v1/accounts/:id/statuses': list('Status'),
  'GET /api/v1/accounts/:id/followers': list('Account'),
  'GET /api/v1/accounts/:id/following': list('Account'),
  'GET /api/v1/accounts/:id/endorsements': list('Account'),
  'GET /api/v1/accounts/:id/featured_tags': list('FeaturedTag'),
  'GET /api/v1/accounts/:id/lists': list('List'),
  'GET /api/v1/accounts/:id/identity_proofs': { type: 'array', maxItems: 0 },
  'POST /api/v1/accounts/:id/follow': ref('Relationship'),
  'POST /api/v1/accounts/:id/unfollow': ref('Relationship'),
  'POST /api/v1/accounts/:id/remove_from_followers': ref('Relationship'),
  'POST /api/v1/accounts/:id/block': ref('Relationship'),
  'POST /api/v1/accounts/:id/unblock': ref('Relationship'),
  'POST /api/v1/accounts/:id/mute': ref('Relationship'),
  'POST /api/v1/accounts/:id/unmute': ref('Relationship'),
  'POST /api/v1/accounts/:id/note': ref('Relationship'),
  'POST /api/v1/accounts/:id/endorse': ref('Relationship'),
  'POST /api/v1/accounts/:id/unendorse': ref('Relationship'),
  'POST /api/v1/accounts/:id/pin': ref('Relationship'),
  'POST /api/v1/accounts/:id/unpin': ref('Relationship'),
  'GET /api/v1/accounts/:account_id/collections': list('Collection'),
  'GET /api/v1/preferences': ref('Preferences'),
  'GET /api/v1/profile': ref('Profile'),
  'PUT|PATCH /api/v1/profile': ref('Profile'),
  'DELETE /api/v1/profile/avatar': ref('CredentialAccount'),
  'DELETE /api/v1/profile/header': ref('CredentialAccount'),

  'POST /api/v1/statuses': { anyOf: [ref('Status'), ref('ScheduledStatus')] },
  'GET /api/v1/statuses': list('Status'),
  'GET /api/v1/statuses/:id': ref('Status'),
  'PUT|PATCH /api/v1/statuses/:id': ref('Status'),
  'DELETE /api/v1/statuses/:id': ref('Status'),
  'GET /api/v1/statuses/:id/context': CONTEXT,
  'POST /api/v1/statuses/:id/favourite': ref('Status'),
  'POST /api/v1/statuses/:id/unfavourite': ref('Status'),
  'POST /api/v1/statuses/:id/reblog': ref('Status'),
  'POST /api/v1/statuses/:id/unreblog': ref('Status'),
  'POST /api/v1/statuses/:id/bookmark': ref('Status'),
  'POST /api/v1/statuses/:id/unbookmark': ref('Status'),
  'POST /api/v1/statuses/:id/pin': ref('Status'),
  'POST /api/v1/statuses/:id/unpin': ref('Status'),
  'POST /api/v1/statuses/:id/mute': ref('Status'),
  'POST /api/v1/statuses/:id/unmute': ref('Status'),
  'GET /api/v1/statuses/:id/history': list('StatusEdit'),
  'GET /api/v1/statuses/:id/favourited_by': list('Account'),
  'GET /api/v1/statuses/:id/reblogged_by': list('Account'),
  'GET /api/v1/statuses/:id/quotes': list('Status'),
  'POST /api/v1/statuses/:id/quotes/:quoting_status_id/revoke': ref('Status'),
  'PUT|PATCH /api/v1/statuses/:id/interaction_policy': ref('Status'),
  'POST /api/v1/statuses/:id/translate': ref('Translation'),
  'GET /api/v1/polls/:id': ref('Poll'),
  'POST /api/v1/polls/:id/votes': ref('Poll'),
  'GET /api/v1/scheduled_statuses': list('ScheduledStatus'),
  'GET /api/v1/scheduled_statuses/:id': ref('ScheduledStatus'),
  'PUT|PATCH /api/v1/scheduled_statuses/:id': ref('ScheduledStatus'),
  'DELETE /api/v1/scheduled_statuses/:id': EMPTY,
  'GET /api/v1/favourites': list('Status'),
  'GET /api/v1/bookmarks': list('Status'),

  'GET /api/v1/timelines/home': list('Status'),
  'GET /api/v1/timelines/public': list('Status'),
  'GET /api/v1/timelines/tag/:hashtag': list('Status'),
  'GET /api/v1/timelines/list/:list_id': list('Status'),
  'GET /api/v1/conversations': list('Conversation'),
  'POST /api/v1/conversations/:id/read': ref('Conversation'),
  'POST /api/v1/conversations/:id/unread': ref('Conversation'),
  'DELETE /api/v1/conversations/:id': EMPTY,
  'GET /api/v1/markers': MARKERS,
  'POST /api/v1/markers': MARKERS,

  'POST /api/v1/media': ref('MediaAttachment'),
  'POST /api/v2/media': ref('MediaAttachment'),
  'GET /api/v1/media/:id': ref('MediaAttachment'),
  'PUT|PATCH /api/v1/media/:id': ref('MediaAttachment'),
  'DELETE /api/v1/media/:id': EMPTY,

  'POST /api/v1/apps': ref('CredentialApplication'),
  'GET /api/v1/apps/verify_credentials': ref('Application'),
  'POST /oauth/token': ref('Token'),
  'POST /oauth/revoke': EMPTY,
  'GET /oauth/token/info': ref('TokenInfo'),
  'GET|POST /oauth/userinfo': ref('Userinfo'),

  'GET /api/v1/blocks': list('Account'),
  'GET /api/v1/mutes': list('MutedAccount'),
  'GET /api/v1/domain_blocks/preview': ref('DomainBlockPreview'),
  'GET /api/v1/endorsements': list('Account'),
  'GET /api/v1/directory': list('Account'),
  'GET /api/v1/domain_blocks': { type: 'array', items: { type: 'string' } },
  'POST /api/v1/domain_blocks': EMPTY,
  'DELETE /api/v1/domain_blocks': EMPTY,
  'GET /api/v1/follow_requests': list('Account'),
  'GET /api/v1/follow_requests/outgoing': list('Account'),
  'POST /api/v1/follow_requests/:id/authorize': ref('Relationship'),
  'POST /api/v1/follow_requests/:id/reject': ref('Relationship'),
  'GET /api/v1/suggestions': list('Account'),
  'GET /api/v2/suggestions': list('Suggestion'),
  'DELETE /api/v1/suggestions/:id': EMPTY,

  'GET /api/v1/tags/:name': ref('Tag'),
  'POST /api/v1/tags/:name/follow': ref('Tag'),
  'POST /api/v1/tags/:name/unfollow': ref('Tag'),
  'POST /api/v1/tags/:name/feature': ref('Tag'),
  'POST /api/v1/tags/:name/unfeature': ref('Tag'),
  'GET /api/v1/followed_tags': list('Tag'),
  'GET /api/v1/featured_tags': list('FeaturedTag'),
  'POST /api/v1/featured_tags': ref('FeaturedTag'),
  'DELETE /api/v1/featured_tags/:id': EMPTY,
  'GET /api/v1/featured_tags/suggestions': list('Tag'),

  'GET /api/v1/lists': list('List'),
  'POST /api/v1/lists': ref('List'),
  'GET /api/v1/lists/:id': ref('List'),
  'PUT|PATCH /api/v1/lists/:id': ref('List'),
  'DELETE /api/v1/lists/:id': EMPTY,
  'GET /api/v1/lists/:id/accounts': list('Account'),
  'POST /api/v1/lists/:id/accounts': EMPTY,
  'DELETE /api/v1/lists/:id/accounts': EMPTY,

  'GET /api/v1/filters': list('FilterV1'),
  'POST /api/v1/filters': ref('FilterV1'),
  'GET /api/v1/filters/:id': ref('FilterV1'),
  'PUT|PATCH /api/v1/filters/:id': ref('FilterV1'),
  'DELETE /api/v1/filters/:id': EMPTY,
  'GET /api/v2/filters': list('Filter'),
  'POST /api/v2/filters': ref('Filter'),
  'GET /api/v2/filters/:id': ref('Filter'),
  'PUT|PATCH /api/v2/filters/:id': ref('Filter'),
  'DELETE /api/v2/filters/:id': EMPTY,
  'GET /api/v2/filters/:filter_id/keywords': list('FilterKeyword'),
  'POST /api/v2/filters/:filter_id/keywords': ref('FilterKeyword'),
  'GET /api/v2/filters/keywords/:id': ref('FilterKeyword'),
  'PUT|PATCH /api/v2/filters/keywords/:id': ref('FilterKeyword'),
  'DELETE /api/v2/filters/keywords/:id': EMPTY,
  'GET /api/v2/filters/:filter_id/statuses': list('FilterStatus'),
  'POST /api/v2/filters/:filter_id/statuses': ref('FilterStatus'),
  'GET /api/v2/filters/statuses/:id': ref('FilterStatus'),
  'DELETE /api/v2/filters/statuses/:id': EMPTY,

  'GET /api/v1/notifications': list('Notification'),
  'GET /api/v1/notifications/:id': ref('Notification'),
  'GET /api/v1/notifications/unread_count': COUNT,
  'POST /api/v1/notifications/clear': EMPTY,
  'POST /api/v1/notifications/:id/dismiss': EMPTY,
  'GET /api/v2/notifications': ref('GroupedNotifications'),
  'GET /api/v2/notifications/:group_key': ref('GroupedNotifications'),
  'GET /api/v2/notifications/:group_key/accounts': list('Account'),
  'GET /api/v2/notifications/unread_count': COUNT,
  'POST /api/v2/notifications/clear': EMPTY,
  'POST /api/v2/notifications/:group_key/dismiss': EMPTY,
  'GET /api/v1/notifications/policy': ref('NotificationPolicyV1'),
  'PUT|PATCH /api/v1/notifications/policy': ref('NotificationPolicyV1'),
  'GET /api/v2/notifications/policy': ref('NotificationPolicy'),
  'PUT|PATCH /api/v2/notifications/policy': ref('NotificationPolicy'),
  'GET /api/v1/notifications/requests': list('NotificationRequest'),
  'GET /api/v1/notifications/requests/:id': ref('NotificationRequest'),
  'POST /api/v1/notifications/requests/:id/accept': EMPTY,
  'POST /api/v1/notifications/requests/:id/dismiss': EMPTY,
  'POST /api/v1/notifications/requests/accept': EMPTY,
  'POST /api/v1/notifications/requests/dismiss': EMPTY,

  'POST /api/v1/push/subscription': ref('WebPushSubscription'),
  'GET /api/v1/push/subscription': ref('WebPushSubscription'),
  'PUT|PATCH /api/v1/push/subscription': ref('WebPushSubscription'),
  'DELETE /api/v1/push/subscription': EMPTY,

  'GET /api/v1/instance/rules': list('Rule'),
  'GET /api/v1/annual_reports': ref('WrappedAnnualReports'),
  'GET /api/v1/annual_reports/:year': ref('WrappedAnnualReports'),
  'GET /api/v1_alpha/async_refreshes/:id': ref('AsyncRefresh'),
  'POST /api/v1/collections': ref('Collection'),
  'GET /api/v1/collections/:id': ref('Collection'),
  'PUT|PATCH /api/v1/collections/:id': ref('Collection'),
  'POST /api/v1/collections/:collection_id/items': ref('CollectionItem'),
};

const BY_ROUTE = new Map<string, object>(
  Object.entries(RESPONSES).flatMap(([key, schema]) => {
    const [methods, path] = key.split(' ');
    return methods.split('|').map((method) => [`${method} ${path}`, schema] as const);
  }),
);

const PROCESSING = 'Still being processed in the worker: `url` is null until it is done';

/** Success statuses other than the route's declared one, with what each means. */
const STATUSES: Record<string, Record<string, string>> = {
  'GET /api/v1/timelines/home': {
    200: 'Success',
    206: 'The home feed is being rebuilt: what there is so far',
  },
  'POST /api/v2/media': { 200: 'Processed', 202: PROCESSING },
  'GET /api/v1/media/:id': { 200: 'Processed', 206: PROCESSING },
  'PUT /api/v1/media/:id': { 200: 'Processed', 206: PROCESSING },
  'PATCH /api/v1/media/:id': { 200: 'Processed', 206: PROCESSING },
};

/**
 * The schema of the success body of `METHOD path`, when it answers an entity, and the success
 * statuses it answers with when they are not just the declared one.
 */
export function responseSchemaOf(
  method: string,
  path: string,
): { schema: object; statuses?: Record<string, string> } | undefined {
  const key = `${method} ${path}`;
  const schema = BY_ROUTE.get(key);
  return schema && { schema, statuses: STATUSES[key] };
}

/** Keys of the table naming no mapped route (a test keeps the table honest). */
export function unknownResponseRoutes(routes: Array<{ method: string; path: string }>): string[] {
  const mapped = new Set(routes.map((route) => `${route.method} ${route.path}`));
  return [...BY_ROUTE.keys()].filter((key) => !mapped.has(key));
}
