export * from './add-list-accounts.service';
export * from './create-list.service';
export * from './delete-list.service';
export * from './list-queries';
export * from './list-rules';
export * from './lists.providers';
export * from './remove-list-accounts.service';
export * from './update-list.service';
