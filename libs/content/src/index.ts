export * from './languages';
export * from './language-map';
export * from './markup';
export * from './markdown';
export * from './slug';
export * from './text';
export * from './interface-texts';
export * from './sanitize';
