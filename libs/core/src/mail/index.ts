export * from './confirmation-email';
export * from './mail.providers';
export * from './mailer';
