-- The search box (issue 22): every searched column by substring and trigram word similarity.
CREATE INDEX "courses_name_trgm_idx" ON "courses" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lesson_documents_name_trgm_idx" ON "lesson_documents" USING gin (lower("original_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lessons_name_trgm_idx" ON "lessons" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "qa_questions_title_trgm_idx" ON "qa_questions" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recruitment_posts_vacancy_trgm_idx" ON "recruitment_posts" USING gin (lower("vacancy") gin_trgm_ops);