-- +goose Up
-- A booking stores its service by identity, the service's slug, on every path (form,
-- chat, console, waitlist); whoever shows it names it in the reader's language. Rows
-- written before name it in the language of whoever booked ("Photo and video shoot",
-- "Shooting photo et vidéo", "تصوير"): each that matches one of a service's names in any
-- language, or its slug, whatever the case and spacing, now holds the slug. A text that
-- names no service stays as it is, and is shown as it is.
CREATE FUNCTION pg_temp.service_key(t text) RETURNS text LANGUAGE sql IMMUTABLE
    AS $$ SELECT lower(regexp_replace(btrim(t), '\s+', ' ', 'g')) $$;

CREATE TEMP TABLE service_keys ON COMMIT DROP AS
SELECT DISTINCT ON (key) key, slug FROM (
    SELECT pg_temp.service_key(n.v) AS key, s.slug
    FROM services s, LATERAL (
        SELECT value AS v FROM jsonb_each_text(CASE WHEN jsonb_typeof(s.name) = 'object' THEN s.name ELSE '{}' END)
        UNION ALL SELECT s.name #>> '{}' WHERE jsonb_typeof(s.name) = 'string'
        UNION ALL SELECT s.slug) n
    WHERE btrim(n.v) <> '') k
ORDER BY key, slug;

UPDATE appointments a SET service = k.slug FROM service_keys k
WHERE pg_temp.service_key(a.service) = k.key AND a.service <> k.slug;

UPDATE waitlist w SET service = k.slug FROM service_keys k
WHERE pg_temp.service_key(w.service) = k.key AND w.service <> k.slug;

-- +goose Down
-- Back to the catalogue's title in the default language, as bookings stored it before.
UPDATE appointments a SET service = coalesce(s.name ->> 'fr', s.name #>> '{}') FROM services s WHERE a.service = s.slug;
UPDATE waitlist w SET service = coalesce(s.name ->> 'fr', s.name #>> '{}') FROM services s WHERE w.service = s.slug;
