export * from './email-sender';
export * from './send-budget';
