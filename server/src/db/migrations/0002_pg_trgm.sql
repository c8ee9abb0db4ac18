-- Trigram indexes (the user list's substring search) need pg_trgm; a trusted extension since PostgreSQL 13, loaded in PGlite by db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
