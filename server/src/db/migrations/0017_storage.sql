CREATE TABLE "storage_buckets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"file_size_limit" bigint,
	"allowed_mime_types" text[],
	"read_permission" text,
	"write_permission" text,
	"delete_permission" text,
	"owner" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_buckets_size_limit_check" CHECK ("storage_buckets"."file_size_limit" is null or "storage_buckets"."file_size_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "storage_objects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket_id" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"sha256" text NOT NULL,
	"cache_control" text,
	"owner" uuid,
	"version" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_objects_bucket_name_key" UNIQUE("bucket_id","name"),
	CONSTRAINT "storage_objects_sha256_check" CHECK ("storage_objects"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "storage_objects_size_check" CHECK ("storage_objects"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "storage_objects" ADD CONSTRAINT "storage_objects_bucket_id_storage_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."storage_buckets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_objects_bucket_name_c_idx" ON "storage_objects" USING btree ("bucket_id","name" collate "C");--> statement-breakpoint
CREATE INDEX "storage_objects_sha256_idx" ON "storage_objects" USING btree ("sha256");