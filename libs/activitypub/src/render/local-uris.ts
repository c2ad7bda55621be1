import { InstanceConfig } from '@nestodon/config';

/**
 * The identifier under which Fedify knows the instance actor (served at `/actor`): a dot keeps
 * it outside the alphabet of usernames.
 */
export const INSTANCE_ACTOR_IDENTIFIER = 'instance.actor';

/**
 * The ActivityPub ids and web URLs of local things, as Mastodon lays them out. Local rows keep
 * `uri` NULL and derive these from the configured domain (LOCAL_DOMAIN must never change after
 * federating); Fedify's routes (libs/activitypub/src/federation) use the same paths, which a test
 * holds together.
 */
export class LocalUris {
  readonly baseUrl: string;

  constructor(instance: Pick<InstanceConfig, 'baseUrl'>) {
    this.baseUrl = instance.baseUrl;
  }

  actor(username: string): string {
    return `${this.baseUrl}/users/${username}`;
  }

  /** The profile page (also the `url` of the actor). */
  profile(username: string): string {
    return `${this.baseUrl}/@${username}`;
  }

  inbox(username: string): string {
    return `${this.actor(username)}/inbox`;
  }

  outbox(username: string): string {
    return `${this.actor(username)}/outbox`;
  }

  followers(username: string): string {
    return `${this.actor(username)}/followers`;
  }

  following(username: string): string {
    return `${this.actor(username)}/following`;
  }

  featured(username: string): string {
    return `${this.actor(username)}/collections/featured`;
  }

  featuredTags(username: string): string {
    return `${this.actor(username)}/collections/tags`;
  }

  sharedInbox(): string {
    return `${this.baseUrl}/inbox`;
  }

  instanceActor(): string {
    return `${this.baseUrl}/actor`;
  }

  /** The instance actor's own inbox, as Mastodon's (a second shared inbox). */
  instanceActorInbox(): string {
    return `${this.baseUrl}/actor/inbox`;
  }

  instanceActorOutbox(): string {
    return this.outbox(INSTANCE_ACTOR_IDENTIFIER);
  }

  status(username: string, statusId: string): string {
    return `${this.actor(username)}/statuses/${statusId}`;
  }

  /** The Create of a status, or the Announce of a reblog (which is also a reblog's uri). */
  statusActivity(username: string, statusId: string): string {
    return `${this.status(username, statusId)}/activity`;
  }

  statusPage(username: string, statusId: string): string {
    return `${this.profile(username)}/${statusId}`;
  }

  replies(username: string, statusId: string): string {
    return `${this.status(username, statusId)}/replies`;
  }

  likes(username: string, statusId: string): string {
    return `${this.status(username, statusId)}/likes`;
  }

  shares(username: string, statusId: string): string {
    return `${this.status(username, statusId)}/shares`;
  }

  /** A profile filtered by a hashtag (how featured tags link). */
  taggedProfile(username: string, tag: string): string {
    return `${this.profile(username)}/tagged/${encodeURIComponent(tag)}`;
  }

  tag(name: string): string {
    return `${this.baseUrl}/tags/${encodeURIComponent(name)}`;
  }

  emoji(id: string): string {
    return `${this.baseUrl}/emojis/${id}`;
  }
}
