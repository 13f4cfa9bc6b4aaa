CREATE TABLE "dashboard_daily" (
	"day" date NOT NULL,
	"brand" text DEFAULT 'unknown' NOT NULL,
	"metric" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_daily_day_brand_metric_key_pk" PRIMARY KEY("day","brand","metric","key")
);
--> statement-breakpoint
-- The dashboard's rollup is kept by triggers in the statement that writes the counted rows (every writer:
-- the ledger's one statement, payments, sign-ups, seeds), grouped per statement so a bulk insert costs one
-- upsert per (day, brand, metric, key). An index on coin_ledger(created_at) alone would still read every
-- row of the range (30 days of a 1M-row ledger is ~500k rows): only a rollup keeps the panels flat.
CREATE FUNCTION "dashboard_bump"("facts" jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "dashboard_daily" ("day", "brand", "metric", "key", "value")
  SELECT f."day", coalesce(f."brand", 'unknown'), f."metric", f."key", sum(f."value")
  FROM jsonb_to_recordset("facts") AS f("day" date, "brand" text, "metric" text, "key" text, "value" bigint)
  WHERE f."value" <> 0
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("day", "brand", "metric", "key") DO UPDATE SET "value" = "dashboard_daily"."value" + excluded."value"
$$;--> statement-breakpoint
CREATE FUNCTION "dashboard_ledger_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  INSERT INTO "dashboard_daily" ("day", "brand", "metric", "key", "value")
  SELECT (l."created_at" AT TIME ZONE 'UTC')::date, coalesce(u."brand", 'unknown'),
    CASE WHEN l."amount" >= 0 THEN 'coins_in' ELSE 'coins_out' END, l."reason", sum(abs(l."amount"))
  FROM "inserted" l JOIN "users" u ON u."id" = l."user_id"
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("day", "brand", "metric", "key") DO UPDATE SET "value" = "dashboard_daily"."value" + excluded."value";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "dashboard_ledger" AFTER INSERT ON "coin_ledger" REFERENCING NEW TABLE AS "inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_ledger_inserted"();--> statement-breakpoint
-- An order counts on the day it is paid (revenue, paid orders; the owner's cohort gains a payer on the
-- first paid order), refunds and disputes on the day the provider reports them (cumulative cents: the change).
CREATE FUNCTION "dashboard_orders"("changes" jsonb) RETURNS void LANGUAGE sql AS $$
  WITH "ch" AS (
    SELECT * FROM jsonb_to_recordset("changes") AS c("id" text, "user_id" int, "brand" text, "provider" text, "price_id" text,
      "amount" int, "paid" boolean, "refunded" int, "disputed" int, "paid_day" date)
  ), "first_paid" AS (
    SELECT DISTINCT "user_id" FROM "ch" WHERE "paid"
    EXCEPT SELECT o."user_id" FROM "orders" o JOIN "ch" ON o."user_id" = "ch"."user_id"
      WHERE o."paid_at" IS NOT NULL AND o."id" NOT IN (SELECT "id" FROM "ch" WHERE "paid")
  )
  SELECT "dashboard_bump"(coalesce(jsonb_agg(f), '[]'::jsonb)) FROM (
    SELECT "paid_day" AS "day", "brand", 'revenue' AS "metric", "provider" || '/' || "price_id" AS "key", "amount"::bigint AS "value" FROM "ch" WHERE "paid"
    UNION ALL SELECT "paid_day", "brand", 'paid_orders', "provider" || '/' || "price_id", 1 FROM "ch" WHERE "paid"
    UNION ALL SELECT (now() AT TIME ZONE 'UTC')::date, "brand", 'refunded', "provider", "refunded" FROM "ch" WHERE "refunded" <> 0
    UNION ALL SELECT (now() AT TIME ZONE 'UTC')::date, "brand", 'disputed', "provider", "disputed" FROM "ch" WHERE "disputed" <> 0
    UNION ALL SELECT (u."created_at" AT TIME ZONE 'UTC')::date, u."brand", 'cohort_payers', '', 1 FROM "first_paid" p JOIN "users" u ON u."id" = p."user_id"
  ) f
$$;--> statement-breakpoint
CREATE FUNCTION "dashboard_orders_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  PERFORM "dashboard_orders"((SELECT coalesce(jsonb_agg(jsonb_build_object('id', n."id", 'user_id', n."user_id", 'brand', n."brand",
    'provider', n."provider", 'price_id', n."price_id", 'amount', n."amount", 'paid', n."paid_at" IS NOT NULL,
    'refunded', n."refunded_amount", 'disputed', n."disputed_amount", 'paid_day', (n."paid_at" AT TIME ZONE 'UTC')::date)), '[]')
    FROM "inserted" n WHERE n."paid_at" IS NOT NULL OR n."refunded_amount" <> 0 OR n."disputed_amount" <> 0));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dashboard_orders_updated"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  PERFORM "dashboard_orders"((SELECT coalesce(jsonb_agg(jsonb_build_object('id', n."id", 'user_id', n."user_id", 'brand', n."brand",
    'provider', n."provider", 'price_id', n."price_id", 'amount', n."amount", 'paid', n."paid_at" IS NOT NULL AND o."paid_at" IS NULL,
    'refunded', n."refunded_amount" - o."refunded_amount", 'disputed', n."disputed_amount" - o."disputed_amount",
    'paid_day', (n."paid_at" AT TIME ZONE 'UTC')::date)), '[]')
    FROM "updated" n JOIN "previous" o ON o."id" = n."id"
    WHERE (n."paid_at" IS NOT NULL AND o."paid_at" IS NULL) OR n."refunded_amount" <> o."refunded_amount" OR n."disputed_amount" <> o."disputed_amount"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "dashboard_orders_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_orders_inserted"();--> statement-breakpoint
CREATE TRIGGER "dashboard_orders_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "previous" NEW TABLE AS "updated"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_orders_updated"();--> statement-breakpoint
-- Sign-up cohorts: an account counts on its creation day under its brand; "registered" while it is not a
-- guest, "payers" once it paid. A guest that signs up (or gains a brand) moves between these counters.
CREATE FUNCTION "dashboard_users_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  PERFORM "dashboard_bump"((SELECT coalesce(jsonb_agg(f), '[]') FROM (
    SELECT (n."created_at" AT TIME ZONE 'UTC')::date AS "day", n."brand", 'cohort_accounts' AS "metric", '' AS "key", 1 AS "value" FROM "inserted" n
    UNION ALL SELECT (n."created_at" AT TIME ZONE 'UTC')::date, n."brand", 'cohort_registered', '', 1 FROM "inserted" n WHERE NOT n."is_guest"
  ) f));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dashboard_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "d" date := (NEW."created_at" AT TIME ZONE 'UTC')::date;
  "paid" int := (SELECT count(*) FROM (SELECT 1 FROM "orders" WHERE "user_id" = NEW."id" AND "paid_at" IS NOT NULL LIMIT 1) p);
BEGIN
  PERFORM "dashboard_bump"(jsonb_build_array(
    jsonb_build_object('day', "d", 'brand', OLD."brand", 'metric', 'cohort_accounts', 'key', '', 'value', -1),
    jsonb_build_object('day', "d", 'brand', NEW."brand", 'metric', 'cohort_accounts', 'key', '', 'value', 1),
    jsonb_build_object('day', "d", 'brand', OLD."brand", 'metric', 'cohort_registered', 'key', '', 'value', -(NOT OLD."is_guest")::int),
    jsonb_build_object('day', "d", 'brand', NEW."brand", 'metric', 'cohort_registered', 'key', '', 'value', (NOT NEW."is_guest")::int),
    jsonb_build_object('day', "d", 'brand', OLD."brand", 'metric', 'cohort_payers', 'key', '', 'value', -"paid"),
    jsonb_build_object('day', "d", 'brand', NEW."brand", 'metric', 'cohort_payers', 'key', '', 'value', "paid")));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "dashboard_users_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_users_inserted"();--> statement-breakpoint
CREATE TRIGGER "dashboard_user_update" AFTER UPDATE OF "brand", "is_guest" ON "users" FOR EACH ROW
  WHEN (OLD."brand" IS DISTINCT FROM NEW."brand" OR OLD."is_guest" <> NEW."is_guest")
  EXECUTE FUNCTION "dashboard_user_changed"();--> statement-breakpoint
-- What happened before the triggers: refunds and disputes of older orders count on their paid day.
INSERT INTO "dashboard_daily" ("day", "brand", "metric", "key", "value")
SELECT "day", coalesce("brand", 'unknown'), "metric", "key", sum("value") FROM (
  SELECT (l."created_at" AT TIME ZONE 'UTC')::date AS "day", u."brand", CASE WHEN l."amount" >= 0 THEN 'coins_in' ELSE 'coins_out' END AS "metric",
    l."reason" AS "key", abs(l."amount")::bigint AS "value" FROM "coin_ledger" l JOIN "users" u ON u."id" = l."user_id"
  UNION ALL SELECT (o."paid_at" AT TIME ZONE 'UTC')::date, o."brand", 'revenue', o."provider" || '/' || o."price_id", o."amount" FROM "orders" o WHERE o."paid_at" IS NOT NULL
  UNION ALL SELECT (o."paid_at" AT TIME ZONE 'UTC')::date, o."brand", 'paid_orders', o."provider" || '/' || o."price_id", 1 FROM "orders" o WHERE o."paid_at" IS NOT NULL
  UNION ALL SELECT (coalesce(o."paid_at", o."created_at") AT TIME ZONE 'UTC')::date, o."brand", 'refunded', o."provider", o."refunded_amount" FROM "orders" o WHERE o."refunded_amount" <> 0
  UNION ALL SELECT (coalesce(o."paid_at", o."created_at") AT TIME ZONE 'UTC')::date, o."brand", 'disputed', o."provider", o."disputed_amount" FROM "orders" o WHERE o."disputed_amount" <> 0
  UNION ALL SELECT (u."created_at" AT TIME ZONE 'UTC')::date, u."brand", 'cohort_accounts', '', 1 FROM "users" u
  UNION ALL SELECT (u."created_at" AT TIME ZONE 'UTC')::date, u."brand", 'cohort_registered', '', 1 FROM "users" u WHERE NOT u."is_guest"
  UNION ALL SELECT (u."created_at" AT TIME ZONE 'UTC')::date, u."brand", 'cohort_payers', '', 1 FROM "users" u
    WHERE EXISTS (SELECT 1 FROM "orders" o WHERE o."user_id" = u."id" AND o."paid_at" IS NOT NULL)
) f GROUP BY 1, 2, 3, 4;
