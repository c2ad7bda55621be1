export * from './plain-text-formatter';
export * from './status-text';
export * from './html-to-text';
export * from './remote-html';
