export { ProvisioningRoute } from './routes/provisioning-route';
