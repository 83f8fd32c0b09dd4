export { RolesRoute } from './routes/roles-route';
export { AccessRoute } from './routes/access-route';
