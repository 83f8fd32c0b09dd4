import type { CustomerType } from '@bankmanager/contracts';

/** The Customer menu's list routes (SPEC) and the customer type each one lists. */
export const KIND_ROUTES = {
  private: 'private',
  employee: 'employee',
  corporate: 'corporate',
  government: 'government',
  org: 'organisation',
  joint: 'joint',
} as const satisfies Record<string, CustomerType>;
export type KindRoute = keyof typeof KIND_ROUTES;
export const KIND_ROUTE_LIST = Object.keys(KIND_ROUTES) as KindRoute[];

export const KIND_TITLES: Record<KindRoute, string> = {
  private: 'Private Customers',
  employee: 'Employee Customers',
  corporate: 'Corporate Customers',
  government: 'Government Customers',
  org: 'Organisation Customers',
  joint: 'Joint Customers',
};

/** Which form a kind uses: individuals, organisations (with signatories) or joint holders. */
export type FormFamily = 'individual' | 'organisation' | 'joint';
export function familyOf(type: CustomerType): FormFamily {
  if (type === 'private' || type === 'employee') return 'individual';
  if (type === 'joint') return 'joint';
  return 'organisation';
}

export const kindRouteOf = (type: CustomerType): KindRoute =>
  (Object.entries(KIND_ROUTES).find(([, t]) => t === type)?.[0] ?? 'private') as KindRoute;

/** The business date the form checks against; until the server reports one, the browser's UTC day. */
export const todayIso = () => new Date().toISOString().slice(0, 10);
