export * from './steps.ts';
export * from './messages.ts';
export * from './runs.ts';
export * from './calendar.ts';
export * from './reports.ts';
export * from './display.ts';
