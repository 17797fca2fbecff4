export * from './outbox.writer';
export * from './serialization';
export * from './transport';
export * from './db-retry';
export * from './outbox.claimer';
export * from './kafka';
export * from './memory-bus';
