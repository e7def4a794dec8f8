export { DEFAULT_ALLOCATOR_OPTIONS, TicketAllocator, type AllocatorOptions } from './allocator';
export { createLeaseRecall, type LeaseRecall } from './lease-recall';
export { PURCHASE_MESSAGES } from './messages';
export { NotEnoughTicketsError, type PurchasesOptions } from './create';
export { PurchasesService } from './service';
export { purchasesWorkerSteps } from './worker';
