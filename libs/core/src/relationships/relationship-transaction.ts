export { inRetryingTransaction as inRelationshipTransaction } from '../shared/transaction';
