export * from './time';
export * from './scopes';
export * from './events';
export * from './error-catalog';
export * from './errors';
export * from './settings';
export * from './setting-definitions';
export * from './webhook-signature';
