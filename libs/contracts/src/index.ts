export * from './lib/enums';
export * from './lib/constants';
export * from './lib/payloads';
export * from './lib/forms';
export * from './lib/settings';
export * from './lib/media';
export * from './lib/blocks';
export * from './lib/content';
