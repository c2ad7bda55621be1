export * from './deepl.backend';
export * from './libre-translate.backend';
export * from './translate-status.service';
export * from './translation-backend';
export * from './translation-languages-queries';
export * from './translation.providers';
