-- Where the call happens: the number the agency calls (E.164) when the visitor chose a phone call. NULL is a
-- video call, so every booking made before this column is one, with the room derived from its id (no column).
ALTER TABLE bookings ADD COLUMN phone text;
