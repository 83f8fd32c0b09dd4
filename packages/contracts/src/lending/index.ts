export * from './products.ts';
export * from './day-count.ts';
export * from './schedule-input.ts';
export * from './schedule.ts';
export * from './apr.ts';
export * from './schedule-form.ts';
export * from './applications.ts';
export * from './loans.ts';
