import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { loadConfig } from '../../src/config.ts';
import { JwtService } from '../../src/modules/auth/jwt.ts';
import { loadSigningKeys } from '../../src/modules/auth/signing-keys.ts';

/** The service-role key the servers will accept (their signing key is generated and stored now). */
export async function serviceKeyOf(handle: DbHandle, env: Record<string, string>): Promise<string> {
  const config = loadConfig(env);
  const jwt = new JwtService(await loadSigningKeys(handle.db, config.auth), `${config.publicUrl}/auth/v1`);
  return jwt.apiKey('service_role');
}

export const storageHeaders = (key: string) => ({ apikey: key, authorization: `Bearer ${key}` });

/** Uploads `bytes` as `bucket/name` (raw body); the HTTP status, or 0 when the server went away. */
export async function uploadBytes(base: string, key: string, bucket: string, name: string, bytes: Buffer) {
  try {
    const res = await fetch(`${base}/storage/v1/object/${bucket}/${name}`, {
      method: 'POST',
      headers: { ...storageHeaders(key), 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

export const randomContent = (min: number, max: number) =>
  randomBytes(min + Math.floor(Math.random() * (max - min)));

/**
 * Every object row against the bytes on disk: a row whose blob is missing, or whose blob's size or
 * sha256 differs from the row, is a broken object.
 */
export async function brokenObjects(db: DbHandle, storageDir: string) {
  const rows = await queryRows<{ bucket_id: string; name: string; sha256: string; size: string }>(
    db.db,
    sql`select bucket_id, name, sha256, size::text from storage_objects`,
  );
  const broken: string[] = [];
  for (const r of rows) {
    const file = path.join(storageDir, 'blobs', r.sha256.slice(0, 2), r.sha256);
    if (!fs.existsSync(file)) {
      broken.push(`${r.bucket_id}/${r.name}: bytes missing`);
      continue;
    }
    const bytes = fs.readFileSync(file);
    const digest = createHash('sha256').update(bytes).digest('hex');
    if (digest !== r.sha256 || bytes.length !== Number(r.size))
      broken.push(`${r.bucket_id}/${r.name}: wrong bytes`);
  }
  return { objects: rows.length, broken };
}
