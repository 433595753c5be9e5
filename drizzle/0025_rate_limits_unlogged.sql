-- Issue 13: every limited request (each message sent, each sign-in attempt) upserts its counter.
-- As a logged table that is a WAL record and a flush to disk per request, on top of the change
-- the request itself commits. Unlogged, the counters are written to no WAL and their commits do
-- not wait for the disk; after a crash PostgreSQL empties the table, which only forgets how many
-- attempts were made in the current minute (a clean shutdown keeps them).
ALTER TABLE "rate_limits" SET UNLOGGED;
