/** Every route path the app links to, in one place (menu module paths come from the contracts' menu tree). */
export const paths = {
  landing: '/',
  signIn: '/signin',
  signUp: '/signup',
  dashboard: '/dashboard',
  newUserDashboard: '/new-user-dashboard',
} as const;
