CREATE TABLE "registered_user_count" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "registered_user_count_one_row" CHECK ("registered_user_count"."id")
);
