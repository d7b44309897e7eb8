-- Secrets the server keeps in its database, made once here, the same for every instance. The
-- iCalendar UID of a booking's event is an HMAC of the booking's id with `calendar_uid`: stable across
-- reschedules, unguessable, and never the manage link's uid (a capability, which must not travel in invites
-- to guests or in calendars). gen_random_uuid() is a strong random source in PostgreSQL 13+ and PGlite.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);
INSERT INTO server_secrets (name, value)
  VALUES ('calendar_uid', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
