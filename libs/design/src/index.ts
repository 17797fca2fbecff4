// @hc/design: the design document of spec 2.9, shared by design-service (which writes it) and
// reader-site (which renders it).
export * from './document';
