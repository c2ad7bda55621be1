import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { OAuthApplication } from '../entities/oauth-application.entity';
import { Transaction } from '../transactions';

/** Registered OAuth clients (`oauth_applications`). */
@Injectable()
export class OAuthApplicationRepository {
  constructor(private readonly dataSource: DataSource) {}

  findById(id: string, tx?: Transaction): Promise<OAuthApplication | null> {
    return (tx ?? this.dataSource.manager).getRepository(OAuthApplication).findOneBy({ id });
  }

  /** The oldest app of this name that no user owns (apps the operator's tools create). */
  findUnownedByName(name: string, tx?: Transaction): Promise<OAuthApplication | null> {
    return (tx ?? this.dataSource.manager).getRepository(OAuthApplication).findOne({
      where: { name, ownerUserId: IsNull() },
      order: { id: 'ASC' },
    });
  }

  insert(values: Partial<OAuthApplication>, tx?: Transaction): Promise<OAuthApplication> {
    const applications = (tx ?? this.dataSource.manager).getRepository(OAuthApplication);
    return applications.save(applications.create(values));
  }

  async updateScopes(id: string, scopes: string, tx?: Transaction): Promise<void> {
    await (tx ?? this.dataSource.manager).getRepository(OAuthApplication).update(id, { scopes });
  }
}
