export * from './validate';
export * from './documents';
export * from './auth';
export * from './address';
export * from './wallet';
export * from './campaign';
export * from './buyer';
export * from './draw';
