import { Provider } from '@nestjs/common';
import { AssignRoleService } from './assign-role.service';
import { RoleQueries } from './role-queries';
import { SaveRoleService } from './save-role.service';

/** The roles feature's providers, registered by CoreModule. */
export const ROLES_PROVIDERS: Provider[] = [RoleQueries, AssignRoleService, SaveRoleService];
