import { applyDecorators, HttpCode, Post } from '@nestjs/common';
import { RequirePermission, Scopes } from '@nestodon/auth';

/** A POST action of the admin API: 200, the scope given and any of the role permissions. */
export const AdminPost = (path: string, scope: string, ...permissions: bigint[]) =>
  applyDecorators(Post(path), HttpCode(200), Scopes(scope), RequirePermission(...permissions));
