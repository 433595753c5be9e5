-- Search extensions for the directory and property search (issue 4). Both ship with PGlite
-- (loaded in db/client.ts) and with PostgreSQL's contrib package.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
