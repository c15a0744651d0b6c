-- pg_trgm serves the title search (searchnews?q=); a trusted extension since PostgreSQL 13, so the
-- database owner may create it. PGlite loads it from @electric-sql/pglite/contrib (platform/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "news_service_id_idx" ON "news" USING btree ("service_id","id");--> statement-breakpoint
CREATE INDEX "news_title_trgm_idx" ON "news" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
-- Which service writes in which category is far from independent: without this the planner takes
-- a news_category_id_idx scan filtered by service for "same category and service" (related news),
-- expecting many matches, and reads the whole category when few share both.
CREATE STATISTICS IF NOT EXISTS "news_service_category_stats" (mcv, dependencies) ON "service_id", "category_id" FROM "news";
