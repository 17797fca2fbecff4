export * from './factory';
export * from './test-app';
export * from './tls';
export * from './webhook-receiver';
export * from './oauth-browser';
export * from './oauth-client';
export * from './test-tokens';
export * from './articles';
