-- Where the lead came from (docs/booking.md#where-a-lead-came-from): Cal.com's UTM parameters, a named click id,
-- the referring host, the landing path, and the page and button that opened the form, as the booking request
-- carried them (core/leadSource.ts's LeadSource, each value plain text of at most 200 characters). NULL: the
-- booking carried none, as every booking made before this column.
ALTER TABLE bookings ADD COLUMN lead_source jsonb;
