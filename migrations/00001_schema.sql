-- +goose Up
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE services (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    slug        text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    name        jsonb NOT NULL,
    description jsonb,
    icon        text NOT NULL DEFAULT 'Code',
    category    jsonb,
    tags        text[] NOT NULL DEFAULT '{}',
    -- words a visitor may type to name the service, per language: {"fr": ["site", ...], ...}
    keywords    jsonb,
    details     jsonb,
    qa          jsonb,
    is_active   boolean NOT NULL DEFAULT true,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX services_active_created_idx ON services (created_at DESC) WHERE is_active;

CREATE TABLE projects (
    id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    title                 text NOT NULL CHECK (length(btrim(title)) > 0),
    description           text,
    primary_image         text,
    secondary_image       text,
    youtube_video         text,
    category              text,
    technologies          text[] NOT NULL DEFAULT '{}',
    year                  integer CHECK (year BETWEEN 1990 AND 2100),
    service               text,
    type                  text NOT NULL DEFAULT 'internal' CHECK (type IN ('internal', 'external')),
    department            text,
    fournisseur           text,
    published             boolean NOT NULL DEFAULT false,
    devis                 numeric(14, 2) NOT NULL DEFAULT 0,
    versement             numeric(14, 2) NOT NULL DEFAULT 0,
    paiement              numeric(14, 2) NOT NULL DEFAULT 0,
    status                text NOT NULL DEFAULT 'En cours' CHECK (status IN
                              ('En cours', 'Version final', 'En attent de modification', 'Payer et livrer', 'Terminer')),
    attachment_drive_link text,
    facture_drive_link    text,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_published_created_idx ON projects (created_at DESC) WHERE published;
CREATE INDEX projects_created_idx ON projects (created_at DESC);

CREATE TABLE clients (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    nom            text NOT NULL CHECK (length(btrim(nom)) > 0),
    prenom         text NOT NULL CHECK (length(btrim(prenom)) > 0),
    email          text,
    numero_1       text,
    numero_2       text,
    nom_entreprise text,
    siteweb        text,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX clients_email_idx ON clients (lower(email));
CREATE INDEX clients_numero_1_idx ON clients (numero_1);
CREATE INDEX clients_numero_2_idx ON clients (numero_2);
CREATE INDEX clients_created_idx ON clients (created_at DESC);
CREATE INDEX clients_search_idx ON clients USING gin (
    (coalesce(nom, '') || ' ' || coalesce(prenom, '') || ' ' || coalesce(email, '') || ' ' || coalesce(nom_entreprise, '')) gin_trgm_ops);

CREATE TABLE appointments (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name             text NOT NULL,
    email            text,
    phone            text,
    service          text,
    date             date,
    time             text CHECK (time ~ '^[0-2][0-9]:[0-5][0-9]$'),
    message          text,
    company          text,
    sector           text,
    status           text NOT NULL DEFAULT 'pending' CHECK (status IN
                         ('pending', 'confirmed', 'completed', 'cancelled', 'not_responding_1',
                          'not_responding_2', 'unreachable', 'updating')),
    status_dashboard text CHECK (status_dashboard IN
                         ('new', 'pending', 'confirmed', 'completed', 'cancelled', 'not_responding_1',
                          'not_responding_2', 'unreachable', 'updating')),
    source           text NOT NULL DEFAULT 'form' CHECK (source IN ('form', 'chat', 'console')),
    language         text NOT NULL DEFAULT 'fr' CHECK (language IN ('fr', 'en', 'ar')),
    client_id        uuid REFERENCES clients (id) ON DELETE RESTRICT,
    idempotency_key  text UNIQUE,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CHECK ((date IS NULL) = (time IS NULL))
);
CREATE INDEX appointments_created_idx ON appointments (created_at DESC, id DESC);
CREATE INDEX appointments_slot_idx ON appointments (date, time) WHERE status <> 'cancelled';
CREATE INDEX appointments_status_idx ON appointments (status, created_at DESC);
CREATE INDEX appointments_service_idx ON appointments (service, created_at DESC);
CREATE INDEX appointments_client_idx ON appointments (client_id);
CREATE INDEX appointments_search_idx ON appointments USING gin (
    (coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(message, '')) gin_trgm_ops);

CREATE TABLE appointment_notes (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    appointment_id uuid NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
    author_name    text NOT NULL,
    author_role    text NOT NULL,
    note           text NOT NULL CHECK (length(btrim(note)) > 0),
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX appointment_notes_appointment_idx ON appointment_notes (appointment_id, created_at DESC);

CREATE TABLE status_history (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    appointment_id  uuid NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
    previous_status text,
    new_status      text NOT NULL,
    changed_by      text NOT NULL,
    notes           text,
    changed_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX status_history_appointment_idx ON status_history (appointment_id, changed_at DESC);

CREATE TABLE newsletter_subscriptions (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email      text NOT NULL,
    language   text NOT NULL DEFAULT 'fr',
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX newsletter_email_key ON newsletter_subscriptions (lower(email));

CREATE TABLE admin_users (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email         text NOT NULL,
    role          text NOT NULL DEFAULT 'editor' CHECK (role IN ('admin', 'moderator', 'editor')),
    permissions   text[] NOT NULL DEFAULT '{}',
    is_active     boolean NOT NULL DEFAULT true,
    password_hash text NOT NULL,
    -- The first admin, made from the command line, is the only row with bootstrap set:
    -- the unique index below lets two concurrent first-admin creations succeed at most once.
    bootstrap     boolean NOT NULL DEFAULT false,
    created_by    uuid REFERENCES admin_users (id) ON DELETE SET NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX admin_users_email_key ON admin_users (lower(email));
CREATE UNIQUE INDEX admin_users_one_bootstrap ON admin_users (bootstrap) WHERE bootstrap;

CREATE TABLE notifications (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    title          text NOT NULL,
    message        text NOT NULL DEFAULT '',
    type           text NOT NULL DEFAULT 'info' CHECK (type IN ('appointment', 'system', 'info', 'warning', 'error')),
    priority       text NOT NULL DEFAULT 'normal' CHECK (priority IN ('urgent', 'high', 'normal', 'low')),
    status         text NOT NULL DEFAULT 'unread' CHECK (status IN ('unread', 'read', 'archived')),
    appointment_id uuid REFERENCES appointments (id) ON DELETE SET NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    expires_at     timestamptz
);
CREATE INDEX notifications_created_idx ON notifications (created_at DESC);
CREATE INDEX notifications_unread_idx ON notifications (status) WHERE status = 'unread';

CREATE TABLE settings (
    id                  integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    site_name           text NOT NULL DEFAULT 'Dota',
    site_description    text NOT NULL DEFAULT '',
    contact_email       text NOT NULL DEFAULT '',
    maintenance_mode    boolean NOT NULL DEFAULT false,
    allow_registration  boolean NOT NULL DEFAULT true,
    email_notifications boolean NOT NULL DEFAULT true,
    sms_notifications   boolean NOT NULL DEFAULT false,
    timezone            text NOT NULL DEFAULT 'Africa/Algiers' CHECK (timezone IN
                            ('Africa/Algiers', 'Europe/London', 'America/New_York', 'Asia/Tokyo')),
    language            text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'fr', 'ar')),
    items_per_page      integer NOT NULL DEFAULT 10 CHECK (items_per_page IN (5, 10, 15, 20)),
    auto_backup         boolean NOT NULL DEFAULT true,
    backup_frequency    text NOT NULL DEFAULT 'daily' CHECK (backup_frequency IN ('daily', 'weekly', 'monthly')),
    slot_capacity       integer NOT NULL DEFAULT 1 CHECK (slot_capacity BETWEEN 1 AND 50),
    closed_dates        date[] NOT NULL DEFAULT '{}',
    updated_at          timestamptz NOT NULL DEFAULT now()
);
INSERT INTO settings (id) VALUES (1);

CREATE TABLE chat_conversations (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    session_id     text NOT NULL,
    language       text NOT NULL DEFAULT 'fr' CHECK (language IN ('fr', 'en', 'ar')),
    appointment_id uuid REFERENCES appointments (id) ON DELETE SET NULL,
    last_step      text NOT NULL DEFAULT 'greeting',
    started_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX chat_conversations_session_key ON chat_conversations (session_id);
CREATE INDEX chat_conversations_appointment_idx ON chat_conversations (appointment_id);

CREATE TABLE chat_messages (
    id              bigserial PRIMARY KEY,
    conversation_id uuid NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
    sender          text NOT NULL CHECK (sender IN ('user', 'bot')),
    text            text NOT NULL,
    source          text CHECK (source IN ('rule', 'ai', 'cache', 'fallback', 'flow')),
    step            text,
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_conversation_idx ON chat_messages (conversation_id, id);

-- +goose Down
DROP TABLE chat_messages;
DROP TABLE chat_conversations;
DROP TABLE settings;
DROP TABLE notifications;
DROP TABLE admin_users;
DROP TABLE newsletter_subscriptions;
DROP TABLE status_history;
DROP TABLE appointment_notes;
DROP TABLE appointments;
DROP TABLE clients;
DROP TABLE projects;
DROP TABLE services;
