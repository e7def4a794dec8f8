export { halfSipHash24, halfSipHash24Words } from './halfsiphash';
export { resolveTicketPoolSecret, TicketPoolKeys, TICKET_POOL_KEY_VERSION, type TicketPoolSecretOptions } from './keys';
export {
  domainBitsFor,
  PERMUTATION_ALGORITHM,
  PERMUTATION_ROUNDS,
  TicketPermutation,
  type PermutationParams,
} from './permutation';
export { POOL_PERMUTATION_COLUMNS, TicketPools, type TicketPoolRow } from './pool';
