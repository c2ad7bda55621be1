export * from './assign-role.service';
export * from './role-queries';
export * from './roles.providers';
export * from './save-role.service';
