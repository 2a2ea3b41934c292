-- +goose Up
-- A project's title, description and category are written in every language, as a
-- service's texts are: an object of language to text; and so are a service's tags, an
-- object of language to list. The texts stored so far were written in French, the
-- agency's language, and become the French ones.
ALTER TABLE services ALTER COLUMN tags DROP DEFAULT;
ALTER TABLE services ALTER COLUMN tags TYPE jsonb USING jsonb_build_object('fr', to_jsonb(tags));
ALTER TABLE services ALTER COLUMN tags SET DEFAULT '{}'::jsonb;
ALTER TABLE projects DROP CONSTRAINT projects_title_check;
ALTER TABLE projects
    ALTER COLUMN title TYPE jsonb USING jsonb_build_object('fr', title),
    ALTER COLUMN description TYPE jsonb
        USING CASE WHEN description IS NULL THEN NULL ELSE jsonb_build_object('fr', description) END,
    ALTER COLUMN category TYPE jsonb
        USING CASE WHEN category IS NULL THEN NULL ELSE jsonb_build_object('fr', category) END;
ALTER TABLE projects ADD CONSTRAINT projects_title_check
    CHECK (jsonb_typeof(title) = 'object' AND title <> '{}'::jsonb);

-- +goose Down
ALTER TABLE services ADD COLUMN tags_list text[] NOT NULL DEFAULT '{}';
UPDATE services SET tags_list = ARRAY(SELECT jsonb_array_elements_text(
    coalesce(tags->'fr', tags->'en', tags->'ar', '[]'::jsonb)));
ALTER TABLE services DROP COLUMN tags;
ALTER TABLE services RENAME COLUMN tags_list TO tags;
ALTER TABLE projects DROP CONSTRAINT projects_title_check;
ALTER TABLE projects
    ALTER COLUMN title TYPE text USING coalesce(nullif(btrim(title->>'fr'), ''), nullif(btrim(title->>'en'), ''),
        nullif(btrim(title->>'ar'), ''), nullif(btrim(title->>''), ''), '-'),
    ALTER COLUMN description TYPE text USING coalesce(description->>'fr', description->>'en', description->>'ar', description->>''),
    ALTER COLUMN category TYPE text USING coalesce(category->>'fr', category->>'en', category->>'ar', category->>'');
ALTER TABLE projects ADD CONSTRAINT projects_title_check CHECK (length(btrim(title)) > 0);
