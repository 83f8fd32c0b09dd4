-- Trigram indexes (substring search on names and mobile numbers) need pg_trgm. PGlite loads it as an
-- extension module in client.ts; on PostgreSQL it ships with contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
