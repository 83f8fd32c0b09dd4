export { RegisteredUsersRoute } from './routes/registered-users-route';
export { Pagination } from './components/pagination';
