import { Account } from './account.entity';
import { Rule } from './rule.entity';
import { User } from './user.entity';

export { Account, Rule, User };
export type { AccountField, ActorType } from './account.entity';

export const ENTITIES = [Account, User, Rule];
