export * from './ledger';
export * from './postings';
