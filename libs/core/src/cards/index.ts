export * from './cards.providers';
export * from './fetch-link-card.service';
export * from './link-card-parser';
