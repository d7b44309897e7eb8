-- Email codes after a crash (docs/design.md#email-codes). Same SQL on PGlite and PostgreSQL.

-- The code a code's email carries: the email is dropped unsent once a newer code of its address exists or its code
-- was used, so an email held by a worker that died never lands after a newer one. NULL for every other job.
ALTER TABLE mail_jobs ADD COLUMN email_code_id bigint;
-- The booking a code was used for (set in that booking's transaction): the same request sent again with the code, its
-- answer lost on the way, gets that booking back instead of "code expired".
ALTER TABLE email_codes ADD COLUMN booking_id bigint;
