ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text;--> statement-breakpoint
-- An inbound attachment kept by reference used to store its URL as `path`, and `path` was joined to the data
-- folder when served. References move to `url`; a `path` that is not a name we give (`media/<company>/<uuid>`)
-- is dropped, so the attachment stays listed but names no file.
UPDATE "conversation_items" SET "media" = (
  SELECT coalesce(jsonb_agg(
    CASE
      WHEN t.elem->>'path' ~* '^https?://' THEN (t.elem - 'path') || jsonb_build_object('url', t.elem->'path')
      WHEN t.elem->>'path' !~ '^media/[0-9]+/[0-9a-f-]{36}$' THEN t.elem - 'path'
      ELSE t.elem
    END ORDER BY t.ord), '[]'::jsonb)
  FROM jsonb_array_elements("conversation_items"."media") WITH ORDINALITY AS t(elem, ord)
)
WHERE EXISTS (
  SELECT 1 FROM jsonb_array_elements("conversation_items"."media") AS e(elem)
  WHERE e.elem ? 'path' AND e.elem->>'path' !~ '^media/[0-9]+/[0-9a-f-]{36}$'
);
