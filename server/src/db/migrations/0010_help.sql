CREATE TABLE "help_faq_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_faq_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"icon" text DEFAULT 'help' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_faq_category_texts" (
	"category_id" bigint NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	CONSTRAINT "help_faq_category_texts_category_id_locale_pk" PRIMARY KEY("category_id","locale"),
	CONSTRAINT "help_faq_category_texts_locale" CHECK ("locale" in ('en','de','fr','pt'))
);
--> statement-breakpoint
CREATE TABLE "help_faq_question_texts" (
	"question_id" bigint NOT NULL,
	"locale" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	CONSTRAINT "help_faq_question_texts_question_id_locale_pk" PRIMARY KEY("question_id","locale"),
	CONSTRAINT "help_faq_question_texts_locale" CHECK ("locale" in ('en','de','fr','pt'))
);
--> statement-breakpoint
CREATE TABLE "help_faq_questions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_faq_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"category_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_kb_article_texts" (
	"article_id" bigint NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "help_kb_article_texts_article_id_locale_pk" PRIMARY KEY("article_id","locale"),
	CONSTRAINT "help_kb_article_texts_locale" CHECK ("locale" in ('en','de','fr','pt'))
);
--> statement-breakpoint
CREATE TABLE "help_kb_articles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_kb_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"category_id" bigint NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_kb_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_kb_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"icon" text DEFAULT 'book' NOT NULL,
	"icon_color" text DEFAULT 'text-primary' NOT NULL,
	"img" text,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_kb_category_texts" (
	"category_id" bigint NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "help_kb_category_texts_category_id_locale_pk" PRIMARY KEY("category_id","locale"),
	CONSTRAINT "help_kb_category_texts_locale" CHECK ("locale" in ('en','de','fr','pt'))
);
--> statement-breakpoint
ALTER TABLE "help_faq_category_texts" ADD CONSTRAINT "help_faq_category_texts_category_id_help_faq_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."help_faq_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_faq_question_texts" ADD CONSTRAINT "help_faq_question_texts_question_id_help_faq_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."help_faq_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_faq_questions" ADD CONSTRAINT "help_faq_questions_category_id_help_faq_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."help_faq_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_kb_article_texts" ADD CONSTRAINT "help_kb_article_texts_article_id_help_kb_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_kb_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_kb_articles" ADD CONSTRAINT "help_kb_articles_category_id_help_kb_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."help_kb_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_kb_category_texts" ADD CONSTRAINT "help_kb_category_texts_category_id_help_kb_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."help_kb_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "help_faq_categories_key" ON "help_faq_categories" USING btree ("key");--> statement-breakpoint
CREATE INDEX "help_faq_categories_position_idx" ON "help_faq_categories" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "help_faq_question_texts_trgm_idx" ON "help_faq_question_texts" USING gin (lower("question" || ' ' || "answer") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "help_faq_questions_category_idx" ON "help_faq_questions" USING btree ("category_id","position","id");--> statement-breakpoint
CREATE INDEX "help_kb_article_texts_trgm_idx" ON "help_kb_article_texts" USING gin (lower("title" || ' ' || "body") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "help_kb_articles_slug" ON "help_kb_articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "help_kb_articles_category_idx" ON "help_kb_articles" USING btree ("category_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "help_kb_categories_slug" ON "help_kb_categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "help_kb_categories_position_idx" ON "help_kb_categories" USING btree ("position","id");