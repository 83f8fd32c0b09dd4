export { IdleSignOut, IDLE_WARNING_MS } from './idle-sign-out';
