import { AssignRoleService } from '@nestodon/core';
import { createAccessToken } from '@nestodon/testing';
import { ApiHarness } from './api-harness';
import { person, Person } from './relationships';

/** A staff member with the named role and a token with the admin scopes (plus read write). */
export async function staff(
  api: ApiHarness,
  role: 'Moderator' | 'Admin' | 'Owner' | null,
  scopes = 'read write admin:read admin:write',
): Promise<Person> {
  const who = await person(api.dataSource);
  if (role) await api.app.get(AssignRoleService).call(who.user.id, role);
  const token = await createAccessToken(api.dataSource, { user: who.user, scopes });
  return { ...who, auth: `Bearer ${token}` };
}
