-- Reminders before the call, and the visitor's note with the booking. Same SQL on PGlite and PostgreSQL.

-- What the visitor wants to discuss (Cal.com's responses.notes): up to 1,000 characters, or none.
ALTER TABLE bookings ADD COLUMN notes text;

-- A reminder is a mail job due at its moment (next_attempt_at), pointless once the call has started: past
-- not_after it is dropped unsent (status 'dropped'), as are a booking's pending reminders when it is moved
-- (new ones are written for the new time) or cancelled. remind_at is the reminder's moment (next_attempt_at moves
-- on a retry): of two overdue reminders to one person (a server down through both moments) only the later goes.
-- Other jobs have neither.
ALTER TABLE mail_jobs ADD COLUMN not_after timestamptz, ADD COLUMN remind_at timestamptz;

-- The jobs a worker holds (few at any time), so the worker's next wake-up is two index lookups however many
-- reminders wait (server/db/mailJobs.ts nextDue).
CREATE INDEX mail_jobs_locked_idx ON mail_jobs (locked_until) WHERE status = 'pending' AND locked_until IS NOT NULL;
