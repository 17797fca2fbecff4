export * from './types';
export { isPublicAddress, parseAllowlist, isAllowlisted, type AllowEntry } from './address';
export { checkHost, parseTarget, type ParsedTarget } from './host-check';
export { closeOutboundPools, safeFetch, TRACE_HEADERS, UNTRACED } from './safe-fetch';
