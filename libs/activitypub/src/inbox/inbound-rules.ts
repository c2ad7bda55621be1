import { Activity, Announce, Create, Delete, isActor, type Actor } from '@fedify/vocab';
import type { DocumentLoaders } from './remote-actors';

/** More addressees than any real post has: fan-out bait, refused whole. */
export const MAX_RECIPIENTS = 1000;

const hasUserinfo = (url: URL | null | undefined) => Boolean(url && (url.username || url.password));

/**
 * Why an inbound activity (its signature already verified as its actor's) is not taken, or
 * null when it is: it must have an id on its actor's origin, name a plain actor, stay within
 * a sane number of addressees, and delete only objects of its own origin. Embedded objects of
 * a Create or Announce by someone else are not refused here: the handlers fetch them from
 * their origin instead of believing the copy.
 */
export function activityRefusal(activity: Activity): string | null {
  const { id, actorId } = activity;
  if (!id) return 'the activity has no id';
  if (!actorId) return 'the activity names no actor';
  if (activity.actorIds.length > 1) return 'the activity names several actors';
  if (hasUserinfo(id) || hasUserinfo(actorId)) return 'an id carries userinfo';
  if (id.origin !== actorId.origin) return "the activity's id is on another origin than its actor";
  const recipients =
    activity.toIds.length + activity.ccIds.length + activity.btoIds.length + activity.bccIds.length;
  if (recipients > MAX_RECIPIENTS) return `more than ${MAX_RECIPIENTS} recipients`;
  if (activity instanceof Delete) {
    const objectId = activity.objectId;
    if (!objectId) return 'the Delete names no object';
    if (objectId.origin !== actorId.origin) return 'the Delete is for an object of another origin';
  }
  return null;
}

/**
 * Why an embedded object of a Create or Announce is not believed as sent (it is fetched from
 * its origin instead), or null when it may be: the actor's own object, on its origin.
 */
export function embeddedObjectDistrust(
  activity: Create | Announce,
  object: { id: URL | null; attributionId: URL | null },
): string | null {
  const actorId = activity.actorId;
  if (!object.id || !actorId) return 'the object has no id';
  if (activity instanceof Announce) return 'a boosted object is always fetched from its origin';
  if (object.attributionId?.href !== actorId.href)
    return 'the object is attributed to another actor';
  if (object.id.origin !== actorId.origin) return 'the object is on another origin than its actor';
  return null;
}

/**
 * Why an actor document is not believed, or null: it must be an actor with an id (without
 * userinfo) on the origin it was fetched from (`fetchedFrom`), whose keys it owns.
 */
export function actorRefusal(object: unknown, fetchedFrom: URL, keyOwners: URL[]): string | null {
  if (!isActor(object)) return 'not an actor';
  const actor = object as Actor;
  if (!actor.id) return 'the actor has no id';
  if (hasUserinfo(actor.id)) return 'the actor id carries userinfo';
  if (actor.id.origin !== fetchedFrom.origin) return 'the actor id is on another origin';
  if (actor.publicKeyIds.some((keyId) => keyId.origin !== actor.id!.origin)) {
    return 'a public key is on another origin';
  }
  if (keyOwners.some((owner) => owner.href !== actor.id!.href)) {
    return 'a public key is owned by another actor';
  }
  return null;
}

/** Who owns each public key an actor publishes (embedded or fetched). */
export async function keyOwnersOf(actor: Actor, loaders: DocumentLoaders): Promise<URL[]> {
  const owners: URL[] = [];
  for await (const key of actor.getPublicKeys({ ...loaders, suppressError: true })) {
    if (key.ownerId) owners.push(key.ownerId);
  }
  return owners;
}
