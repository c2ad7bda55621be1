import { Provider } from '@nestjs/common';
import { AccessBlockQueries } from './access-block-queries';
import { BlockCanonicalEmailService } from './block-canonical-email.service';
import { BlockEmailDomainService } from './block-email-domain.service';
import { BlockIpService, UpdateIpBlockService } from './block-ip.service';
import { MxHosts } from './mx-hosts';
import { NoAccessIps } from './no-access-ips';
import { RemoveAccessBlockService } from './remove-access-block.service';

/** E-mail domain, canonical e-mail and IP blocks, registered by CoreModule. */
export const ACCESS_BLOCKS_PROVIDERS: Provider[] = [
  AccessBlockQueries,
  BlockCanonicalEmailService,
  BlockEmailDomainService,
  BlockIpService,
  MxHosts,
  NoAccessIps,
  RemoveAccessBlockService,
  UpdateIpBlockService,
];
