import { Provider } from '@nestjs/common';
import { AuthorizeAllFollowRequestsService } from './authorize-all-follow-requests.service';
import { AuthorizeFollowService } from './authorize-follow.service';
import { BlockDomainService } from './block-domain.service';
import { BlockService } from './block.service';
import { EndorseAccountService } from './endorse-account.service';
import { ExpireMutesService } from './expire-mutes.service';
import { FollowLedger } from './follow-ledger';
import { FollowService } from './follow.service';
import { MoveAccountService } from './move-account.service';
import { MuteService } from './mute.service';
import { RejectFollowService } from './reject-follow.service';
import { RemoveFromFollowersService } from './remove-from-followers.service';
import { SetAccountNoteService } from './set-account-note.service';
import { UnblockDomainService } from './unblock-domain.service';
import { UnblockService } from './unblock.service';
import { UnendorseAccountService } from './unendorse-account.service';
import { UnfollowService } from './unfollow.service';
import { UnmuteService } from './unmute.service';

/** The relationships feature's providers, registered by CoreModule. */
export const RELATIONSHIPS_PROVIDERS: Provider[] = [
  FollowLedger,
  FollowService,
  UnfollowService,
  AuthorizeFollowService,
  RejectFollowService,
  AuthorizeAllFollowRequestsService,
  RemoveFromFollowersService,
  BlockService,
  UnblockService,
  MuteService,
  UnmuteService,
  ExpireMutesService,
  BlockDomainService,
  UnblockDomainService,
  SetAccountNoteService,
  EndorseAccountService,
  UnendorseAccountService,
  MoveAccountService,
];
