export * from './lib/kept-values';
