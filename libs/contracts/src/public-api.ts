/**
 * What the `@hc/contracts` package (built by `npm run build:packages`, see libs/contracts/README.md)
 * gives API consumers: error codes and bodies, scopes, timestamp formats, webhook payload types
 * the webhook signature check and the event stream's envelope (docs/events.md). Server settings
 * stay inside the repository.
 */
export * from './error-catalog';
export * from './errors';
export * from './event-envelope';
export * from './events';
export * from './scopes';
export * from './time';
export * from './webhook-signature';
export * from './standard-webhooks';
