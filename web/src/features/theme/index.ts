export { ProfileThemeToggle, useProfileThemeSync } from './components/profile-theme';
