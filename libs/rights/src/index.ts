export * from './lib/subject';
export * from './lib/page-guard';
export * from './lib/admin-routes';
export * from './lib/top-bar';
export * from './lib/resource-access';
