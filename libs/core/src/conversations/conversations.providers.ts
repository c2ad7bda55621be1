import { Provider } from '@nestjs/common';
import { AddStatusToConversationService } from './add-status-to-conversation.service';
import { ConversationQueries } from './conversation-queries';
import { MarkConversationReadService } from './mark-conversation-read.service';
import { RemoveConversationService } from './remove-conversation.service';
import { RemoveStatusFromConversationsService } from './remove-status-from-conversations.service';

/** The conversations feature's providers, registered by CoreModule. */
export const CONVERSATIONS_PROVIDERS: Provider[] = [
  AddStatusToConversationService,
  ConversationQueries,
  MarkConversationReadService,
  RemoveConversationService,
  RemoveStatusFromConversationsService,
];
