CREATE TABLE "external_identities" (
	"issuer" varchar(512) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"user_id" integer NOT NULL,
	"linked_by" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_identities_issuer_subject_pk" PRIMARY KEY("issuer","subject"),
	CONSTRAINT "external_identities_linked_by_check" CHECK ("external_identities"."linked_by" IN ('employee_code', 'email', 'created'))
);
--> statement-breakpoint
ALTER TABLE "external_identities" ADD CONSTRAINT "external_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_identities_user_issuer_uq" ON "external_identities" USING btree ("user_id","issuer");