export * from './catalog.ts';
export * from './languages.ts';
export * from './format.ts';
