export {
  inRetryingTransaction as inStatusTransaction,
  isUniqueViolation,
} from '../shared/transaction';
