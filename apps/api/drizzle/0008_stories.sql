CREATE TABLE "stories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"body" text NOT NULL,
	"author" text NOT NULL,
	"reviewer" text NOT NULL,
	"published_on" date NOT NULL,
	"updated_on" date NOT NULL,
	"reading_minutes" integer NOT NULL,
	CONSTRAINT "stories_slug_unique" UNIQUE("slug")
);
