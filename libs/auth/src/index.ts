export * from './passwords';
export * from './api-key-token';
export * from './request-context';
export * from './decorators';
export * from './token-verifier';
export * from './credential.repository';
export * from './credential.guard';
export * from './auth.module';
