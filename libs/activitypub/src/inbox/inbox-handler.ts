import type { ConstructorWithTypeId, InboxContext } from '@fedify/fedify';
import type { Activity } from '@fedify/vocab';

/**
 * One handler per inbound activity type (Follow, Create, Undo…), calling the core services the
 * REST API uses. Handlers are Nest providers listed in INBOX_HANDLERS; the federation registers
 * each for its `activityType` on the personal and shared inboxes.
 */
export interface InboxHandler<TActivity extends Activity = Activity> {
  readonly activityType: ConstructorWithTypeId<TActivity>;
  handle(ctx: InboxContext<unknown>, activity: TActivity): Promise<void>;
}
