import { Provider } from '@nestjs/common';
import { FetchLinkCardService } from './fetch-link-card.service';

/** The link preview cards feature's providers, registered by CoreModule. */
export const CARDS_PROVIDERS: Provider[] = [FetchLinkCardService];
