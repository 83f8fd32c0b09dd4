// Kept for modules written against the data branch; the helper lives in rows.ts (as on main).
export { queryRows } from './rows.ts';
