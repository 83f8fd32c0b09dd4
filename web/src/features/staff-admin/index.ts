export { StaffUsersRoute, SuperusersOnly } from './routes/staff-users-route';
