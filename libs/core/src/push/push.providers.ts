import { Provider } from '@nestjs/common';
import { AccessTokenSealer } from './access-token-sealer';
import { CreateWebPushSubscriptionService } from './create-web-push-subscription.service';
import { DeliverWebPushService } from './deliver-web-push.service';
import { EnqueueWebPushService } from './enqueue-web-push.service';
import { RemoveWebPushSubscriptionService } from './remove-web-push-subscription.service';
import { UpdateWebPushSubscriptionService } from './update-web-push-subscription.service';
import { WebPushSubscriptionQueries } from './web-push-subscription.queries';

/** The push feature's providers, registered by CoreModule. */
export const PUSH_PROVIDERS: Provider[] = [
  AccessTokenSealer,
  CreateWebPushSubscriptionService,
  UpdateWebPushSubscriptionService,
  RemoveWebPushSubscriptionService,
  WebPushSubscriptionQueries,
  EnqueueWebPushService,
  DeliverWebPushService,
];
