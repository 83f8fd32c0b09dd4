export { RegisteredUsersRoute } from './routes/registered-users-route';
