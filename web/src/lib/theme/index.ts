// The device theme (light/dark) every page uses, the landing page included; the profile-synced toggle
// of signed-in pages is features/theme.
export { ThemeProvider, useTheme } from './theme-provider';
export { systemTheme, type Theme } from './theme-storage';
