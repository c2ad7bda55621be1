import { Provider } from '@nestjs/common';
import { QuoteQueries } from './quote-queries';
import { RevokeQuoteService } from './revoke-quote.service';
import { UpdateInteractionPolicyService } from './update-interaction-policy.service';

/** The quotes feature's providers, registered by CoreModule (posting a quote is a statuses step). */
export const QUOTES_PROVIDERS: Provider[] = [
  QuoteQueries,
  RevokeQuoteService,
  UpdateInteractionPolicyService,
];
