export * from './types';
export { isPublicAddress, parseAllowlist, isAllowlisted, type AllowEntry } from './address';
export { checkHost } from './host-check';
export { safeFetch } from './safe-fetch';
