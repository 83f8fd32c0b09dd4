import { jsonInit, send } from './http.ts';

/** A signed-in session as /auth/v1/token returns it. */
export interface Session {
  accessToken: string;
  refreshToken: string;
  userId: string;
}

export const bearer = (s: Session) => ({ authorization: `Bearer ${s.accessToken}` });

function sessionOf(body: unknown): Session {
  const b = body as { access_token?: string; refresh_token?: string; user?: { id?: string } };
  if (!b.access_token || !b.refresh_token || !b.user?.id)
    throw new Error(`no session in ${JSON.stringify(body)}`);
  return { accessToken: b.access_token, refreshToken: b.refresh_token, userId: b.user.id };
}

async function authCall(
  url: string,
  anonKey: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  const out = await send(url, jsonInit('POST', body, { apikey: anonKey }));
  if (out.kind !== 'answered') throw new Error(`${url}: no answer (${out.kind})`);
  return out;
}

let signUps = 0;

/** Signs up (the server autoconfirms without SMTP) and returns the new session. */
export async function signUp(
  base: string,
  anonKey: string,
  email: string,
  password: string,
): Promise<Session> {
  // Mobile numbers are unique per user: 232 and 8 more digits, from a counter.
  const mobileNo = `2327${String(++signUps).padStart(7, '0')}`;
  const r = await authCall(`${base}/auth/v1/signup`, anonKey, {
    email,
    password,
    data: { fullName: email.split('@')[0], mobileNo, bank_code: 'CB' },
  });
  if (r.status !== 200) throw new Error(`sign-up ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  return sessionOf(r.body);
}

/** Password sign-in; the status tells lockouts (429) and wrong passwords (400) apart. */
export async function signIn(
  base: string,
  anonKey: string,
  email: string,
  password: string,
): Promise<{ status: number; session?: Session }> {
  const r = await authCall(`${base}/auth/v1/token?grant_type=password`, anonKey, { email, password });
  return r.status === 200 ? { status: 200, session: sessionOf(r.body) } : { status: r.status };
}

export async function refresh(
  base: string,
  anonKey: string,
  refreshToken: string,
): Promise<{ status: number; session?: Session; body: unknown }> {
  const r = await authCall(`${base}/auth/v1/token?grant_type=refresh_token`, anonKey, {
    refresh_token: refreshToken,
  });
  return r.status === 200 ? { status: 200, session: sessionOf(r.body), body: r.body } : r;
}

/** An authenticated /api call that must be answered. */
export async function apiCall(
  base: string,
  s: Session,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const init = body === undefined ? { method, headers: bearer(s) } : jsonInit(method, body, bearer(s));
  const out = await send(`${base}${path}`, init);
  if (out.kind !== 'answered') throw new Error(`${method} ${path}: no answer (${out.kind})`);
  return out;
}
