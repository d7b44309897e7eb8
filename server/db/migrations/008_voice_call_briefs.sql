-- What was said on the voice call that booked a meeting. Same SQL on PGlite and PostgreSQL.

ALTER TABLE bookings
  -- The voice platform's call id (message.call.id), recorded when book_call books: its end-of-call report
  -- finds the booking by it. Not personal data; null for bookings made on the web.
  ADD COLUMN voice_call_id text,
  -- The platform's summary of the call (analysis.summary), and the first 20,000 characters of its transcript,
  -- as its end-of-call report gave them; the agency's brief and its reminder read them.
  ADD COLUMN call_summary text,
  ADD COLUMN call_transcript text,
  -- When the report was stored: a second report of the same call (the platform may send twice) finds it set
  -- and changes nothing, so the brief goes once.
  ADD COLUMN call_reported_at timestamptz;

CREATE INDEX bookings_voice_call_id_idx ON bookings (voice_call_id) WHERE voice_call_id IS NOT NULL;
