/**
 * Endorsing (featuring an account on your profile) needs a follow: you can only recommend
 * someone you follow. Endorsing yourself is not a thing.
 */
export type EndorseOutcome = 'ok' | 'self' | 'not_following';

export function decideEndorse(facts: {
  sourceId: string;
  targetId: string;
  following: boolean;
}): EndorseOutcome {
  if (facts.sourceId === facts.targetId) return 'self';
  return facts.following ? 'ok' : 'not_following';
}
