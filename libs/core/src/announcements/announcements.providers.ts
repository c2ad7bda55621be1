import { Provider } from '@nestjs/common';
import { AddAnnouncementReactionService } from './add-announcement-reaction.service';
import { AnnouncementBroadcaster } from './announcement-broadcaster';
import { AnnouncementQueries } from './announcement-queries';
import { ChangeAnnouncementPublicationService } from './change-announcement-publication.service';
import { CreateAnnouncementService } from './create-announcement.service';
import { DeleteAnnouncementService } from './delete-announcement.service';
import { DismissAnnouncementService } from './dismiss-announcement.service';
import { RemoveAnnouncementReactionService } from './remove-announcement-reaction.service';
import { StreamAnnouncementService } from './stream-announcement.service';
import { UpdateAnnouncementService } from './update-announcement.service';

/** The announcements feature's providers, registered by CoreModule. */
export const ANNOUNCEMENTS_PROVIDERS: Provider[] = [
  AnnouncementQueries,
  AnnouncementBroadcaster,
  AddAnnouncementReactionService,
  RemoveAnnouncementReactionService,
  DismissAnnouncementService,
  CreateAnnouncementService,
  UpdateAnnouncementService,
  DeleteAnnouncementService,
  ChangeAnnouncementPublicationService,
  StreamAnnouncementService,
];
