export * from './outbox.writer';
