export { ApprovalsInboxRoute } from './routes/approvals-inbox-route';
