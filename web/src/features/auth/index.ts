export { userInitial } from './lib/user-initial';
