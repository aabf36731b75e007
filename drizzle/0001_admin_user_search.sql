-- Trigram matching for the admin panel's user search. pg_trgm ships with PostgreSQL (contrib)
-- and is a trusted extension: the database owner may create it. PGlite loads it when it opens.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("email" || chr(10) || "name")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "user_search_text_trgm_idx" ON "user" USING gin ("search_text" gin_trgm_ops);