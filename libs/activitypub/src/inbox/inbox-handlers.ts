import type { Type } from '@nestjs/common';
import { AnnounceHandler } from './announce.handler';
import { BlockHandler } from './block.handler';
import { CreateHandler } from './create.handler';
import { DeleteHandler } from './delete.handler';
import { AddHandler, RemoveHandler } from './featured.handlers';
import { FlagHandler } from './flag.handler';
import { AcceptHandler, RejectHandler } from './follow-answer.handlers';
import { FollowHandler } from './follow.handler';
import { InboundLookups } from './inbound-lookups';
import { LikeHandler } from './like.handler';
import { MoveHandler } from './move.handler';
import { RemoteStatuses } from './remote-statuses';
import { UndoHandler } from './undo.handler';
import { UpdateHandler } from './update.handler';
import type { InboxHandler } from './inbox-handler';

/**
 * The dispatch table: every inbox handler class, one per activity type. Without entries the
 * server would expose no inbox, so no remote server would believe an activity was taken in.
 */
export const INBOX_HANDLERS: Array<Type<InboxHandler>> = [
  CreateHandler,
  DeleteHandler,
  FollowHandler,
  AcceptHandler,
  RejectHandler,
  UndoHandler,
  LikeHandler,
  AnnounceHandler,
  BlockHandler,
  UpdateHandler,
  AddHandler,
  RemoveHandler,
  FlagHandler,
  MoveHandler,
];

/** What the handlers share, provided beside them. */
export const INBOX_SUPPORT: Array<Type<unknown>> = [InboundLookups, RemoteStatuses];
