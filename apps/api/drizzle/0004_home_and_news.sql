CREATE TABLE "home_banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"image" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"popup_enabled" boolean DEFAULT false NOT NULL,
	"popup_image" jsonb,
	"introduction" text DEFAULT '' NOT NULL,
	"introduction_updated_at" timestamp with time zone,
	"contact" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(255) NOT NULL,
	"description" varchar(2000) NOT NULL,
	"content" text NOT NULL,
	"image" jsonb,
	"category_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"hidden_from_home" boolean DEFAULT false NOT NULL,
	"outstanding" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruitment_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"full_name" varchar(255) NOT NULL,
	"email" varchar(255) NOT NULL,
	"phone" varchar(32) NOT NULL,
	"message" text,
	"cv_key" text NOT NULL,
	"cv_name" varchar(255) NOT NULL,
	"cv_size" integer NOT NULL,
	"form_key" text,
	"form_name" varchar(255),
	"form_size" integer,
	"form_content_type" varchar(128),
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruitment_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"vacancy" varchar(255) NOT NULL,
	"branch_id" integer NOT NULL,
	"end_at" timestamp with time zone,
	"salary_min" integer,
	"salary_max" integer,
	"work_form" varchar(16) NOT NULL,
	"gender" varchar(8) DEFAULT 'ALL' NOT NULL,
	"quantity" integer NOT NULL,
	"degree" varchar(255),
	"experience" varchar(255),
	"rank" varchar(255),
	"workplace" varchar(255),
	"address" varchar(255),
	"job_description" text NOT NULL,
	"requirements" text,
	"benefits" text,
	"hr_policy" text,
	"banner_url" text,
	"application_form_key" text,
	"application_form_name" varchar(255),
	"application_form_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_category_id_news_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."news_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_applications" ADD CONSTRAINT "recruitment_applications_post_id_recruitment_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."recruitment_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_applications" ADD CONSTRAINT "recruitment_applications_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_posts" ADD CONSTRAINT "recruitment_posts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_banners_position_idx" ON "home_banners" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "news_service_category_id_idx" ON "news" USING btree ("service_id","category_id","id");--> statement-breakpoint
CREATE INDEX "news_category_id_idx" ON "news" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "news_home_outstanding_idx" ON "news" USING btree ("id") WHERE "news"."outstanding" and not "news"."hidden_from_home";--> statement-breakpoint
CREATE UNIQUE INDEX "news_categories_name_lower_idx" ON "news_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "recruitment_applications_post_email_uq" ON "recruitment_applications" USING btree ("post_id",lower("email"));--> statement-breakpoint
CREATE INDEX "recruitment_applications_post_id_idx" ON "recruitment_applications" USING btree ("post_id","id");--> statement-breakpoint
CREATE INDEX "recruitment_applications_reviewed_by_idx" ON "recruitment_applications" USING btree ("reviewed_by_id");--> statement-breakpoint
CREATE INDEX "recruitment_posts_branch_id_idx" ON "recruitment_posts" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "recruitment_posts_end_at_idx" ON "recruitment_posts" USING btree ("end_at");