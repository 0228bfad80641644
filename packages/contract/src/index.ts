export * from './applications.ts';
export * from './auth.ts';
export * from './courses.ts';
export * from './errors.ts';
export * from './form.ts';
export * from './messages.ts';
export * from './paths.ts';
export * from './rules.ts';
