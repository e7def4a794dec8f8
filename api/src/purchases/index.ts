export { DEFAULT_ALLOCATOR_OPTIONS, TicketAllocator, type AllocatorOptions } from './allocator';
export { PURCHASE_MESSAGES } from './messages';
export { NotEnoughTicketsError, PurchasesService, type PurchasesOptions } from './service';
export { purchasesWorkerSteps } from './worker';
