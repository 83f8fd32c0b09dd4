export { ThemeProvider, useTheme } from './theme-provider';
export { ThemeToggle } from './theme-toggle';
