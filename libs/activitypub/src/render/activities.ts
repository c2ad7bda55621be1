import {
  Accept,
  Activity,
  Add,
  Announce,
  Block,
  Create,
  Delete,
  Flag,
  Follow,
  Like,
  Note,
  PUBLIC_COLLECTION,
  Reject,
  Remove,
  Tombstone,
  Undo,
  Update,
} from '@fedify/vocab';
import { StatusVisibility } from '@nestodon/domain';
import { LocalActor, toInstant } from './actor';
import { LocalUris } from './local-uris';
import { addressing, renderStatusObject, StatusFacts } from './status';

/**
 * Activities for what local accounts do, shaped and identified as Mastodon's serializers shape
 * them (ids derived from the local actor and row ids, so an Undo names what it undoes). Those
 * aimed at one account (Like, Follow, Block, answers) name no audience, as Mastodon's; they
 * are delivered to that account alone.
 */

const url = (value: string) => new URL(value);

/** An edit: the object again, with `updated`, under an id unique to that version. */
export function renderUpdateStatus(facts: StatusFacts, uris: LocalUris): Update {
  const object = renderStatusObject(facts, uris);
  const at = facts.editedAt ?? facts.createdAt;
  return new Update({
    id: url(`${uris.status(facts.username, facts.id)}#updates/${Math.floor(at.getTime() / 1000)}`),
    actor: url(uris.actor(facts.username)),
    published: toInstant(at),
    tos: [...object.toIds],
    ccs: [...object.ccIds],
    object,
  });
}

/** What a deleted status's Delete needs: who wrote it and to whom it went. */
export interface DeletedStatusFacts {
  id: string;
  username: string;
  visibility: StatusVisibility;
  /** Mentioned actors' ids. */
  mentions: string[];
}

/** A deleted status: a Delete of its Tombstone, addressed as the status was. */
export function renderDeleteStatus(facts: DeletedStatusFacts, uris: LocalUris): Delete {
  const statusUri = uris.status(facts.username, facts.id);
  const { to, cc } = addressing(facts.visibility, uris.followers(facts.username), facts.mentions);
  return new Delete({
    id: url(`${statusUri}#delete`),
    actor: url(uris.actor(facts.username)),
    tos: to,
    ccs: cc,
    object: new Tombstone({ id: url(statusUri) }),
  });
}

/** An Undo of an activity of `username`, addressed like it. */
function undo(username: string, activity: Activity, uris: LocalUris, id: string): Undo {
  return new Undo({
    id: url(id),
    actor: url(uris.actor(username)),
    tos: [...activity.toIds],
    ccs: [...activity.ccIds],
    object: activity,
  });
}

/** A removed reblog: Undo of its Announce. */
export function renderUndoAnnounce(announce: Announce, username: string, uris: LocalUris): Undo {
  return undo(username, announce, uris, `${announce.id!.href}/undo`);
}

export interface LikeFacts {
  favouriteId: string;
  username: string;
  statusUri: string;
}

export function renderLike(facts: LikeFacts, uris: LocalUris): Like {
  return new Like({
    id: url(`${uris.actor(facts.username)}#likes/${facts.favouriteId}`),
    actor: url(uris.actor(facts.username)),
    object: url(facts.statusUri),
  });
}

export function renderUndoLike(facts: LikeFacts, uris: LocalUris): Undo {
  const like = renderLike(facts, uris);
  return undo(facts.username, like, uris, `${like.id!.href}/undo`);
}

/** A follow between two actors, the local one named by username on either side. */
export interface FollowFacts {
  /** The Follow's id: the stored uri, or one derived from the row. */
  uri: string;
  followerUri: string;
  targetUri: string;
}

export function renderFollow(facts: FollowFacts): Follow {
  return new Follow({
    id: url(facts.uri),
    actor: url(facts.followerUri),
    object: url(facts.targetUri),
  });
}

/** A local follower withdrawing (unfollow, or a request cancelled). */
export function renderUndoFollow(facts: FollowFacts, username: string, uris: LocalUris): Undo {
  return undo(username, renderFollow(facts), uris, `${facts.uri}/undo`);
}

/** A local account accepting or rejecting a remote account's Follow. */
export function renderFollowAnswer(
  kind: 'accept' | 'reject',
  facts: FollowFacts & { id: string },
  username: string,
  uris: LocalUris,
): Accept | Reject {
  const values = {
    id: url(`${uris.actor(username)}#${kind}s/follows/${facts.id}`),
    actor: url(uris.actor(username)),
    object: renderFollow(facts),
  };
  return kind === 'accept' ? new Accept(values) : new Reject(values);
}

export interface BlockFacts {
  blockId: string;
  username: string;
  targetUri: string;
}

const blockId = (facts: BlockFacts, uris: LocalUris) =>
  `${uris.actor(facts.username)}#blocks/${facts.blockId}`;

export function renderBlock(facts: BlockFacts, uris: LocalUris): Block {
  return new Block({
    id: url(blockId(facts, uris)),
    actor: url(uris.actor(facts.username)),
    object: url(facts.targetUri),
  });
}

export function renderUndoBlock(facts: BlockFacts, uris: LocalUris): Undo {
  return undo(facts.username, renderBlock(facts, uris), uris, `${blockId(facts, uris)}/undo`);
}

/** A status pinned to (Add) or unpinned from (Remove) the author's featured collection. */
export function renderFeaturedChange(
  kind: 'add' | 'remove',
  facts: { username: string; statusId: string; at: Date },
  uris: LocalUris,
): Add | Remove {
  const statusUri = uris.status(facts.username, facts.statusId);
  const values = {
    id: url(`${statusUri}#${kind === 'add' ? 'pin' : 'unpin'}/${facts.at.getTime()}`),
    actor: url(uris.actor(facts.username)),
    tos: [PUBLIC_COLLECTION],
    ccs: [url(uris.followers(facts.username))],
    object: url(statusUri),
    target: url(uris.featured(facts.username)),
  };
  return kind === 'add' ? new Add(values) : new Remove(values);
}

/** A changed profile: Update of the whole actor, public. */
export function renderUpdateActor(actor: LocalActor, at: Date): Update {
  return new Update({
    id: url(`${actor.id!.href}#updates/${at.getTime()}`),
    actor: actor.id,
    published: toInstant(at),
    tos: [PUBLIC_COLLECTION],
    object: actor,
  });
}

/** A deleted account: Delete of the actor, public. */
export function renderDeleteActor(username: string, uris: LocalUris): Delete {
  const actor = url(uris.actor(username));
  return new Delete({
    id: url(`${actor.href}#delete`),
    actor,
    tos: [PUBLIC_COLLECTION],
    object: actor,
  });
}

export interface VoteFacts {
  voteId: string;
  username: string;
  /** The chosen option's title. */
  choice: string;
  questionUri: string;
  pollAuthorUri: string;
  createdAt: Date;
}

/** A vote in a remote poll: Mastodon's Create of a Note named after the chosen option. */
export function renderVote(facts: VoteFacts, uris: LocalUris): Create {
  const noteId = `${uris.actor(facts.username)}#votes/${facts.voteId}`;
  const author = url(facts.pollAuthorUri);
  const actor = url(uris.actor(facts.username));
  return new Create({
    id: url(`${noteId}/activity`),
    actor,
    to: author,
    published: toInstant(facts.createdAt),
    object: new Note({
      id: url(noteId),
      name: facts.choice,
      attribution: actor,
      to: author,
      replyTarget: url(facts.questionUri),
    }),
  });
}

export interface FlagFacts {
  reportId: string;
  comment: string;
  targetUri: string;
  statusUris: string[];
}

/** A report forwarded to the servers concerned: from the instance actor, as Mastodon's. */
export function renderFlag(facts: FlagFacts, uris: LocalUris): Flag {
  return new Flag({
    id: url(`${uris.instanceActor()}#reports/${facts.reportId}`),
    actor: url(uris.instanceActor()),
    content: facts.comment,
    objects: [facts.targetUri, ...facts.statusUris].map(url),
  });
}
