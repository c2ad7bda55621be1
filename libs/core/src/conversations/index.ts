export * from './add-status-to-conversation.service';
export * from './conversation-queries';
export * from './conversations.providers';
export * from './mark-conversation-read.service';
export * from './remove-conversation.service';
export * from './remove-status-from-conversations.service';
