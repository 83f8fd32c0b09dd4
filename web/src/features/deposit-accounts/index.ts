// The deposit accounts feature: account lists, opening, controls, holds and overdrafts.
export { AccountListRoute } from './routes/account-list-route';
export { AccountToolRoute, type AccountTool } from './routes/account-tool-route';
export { listScreenFor, type ListScreen } from './lib/screens';
