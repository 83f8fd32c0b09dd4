export { StaffUsersRoute } from './routes/staff-users-route';
