-- The clock the visitor read the times in when booking: their emails write times the same way. Bookings made
-- before this column were mailed in the 12-hour clock, so that is the default.
ALTER TABLE bookings ADD COLUMN hour24 boolean NOT NULL DEFAULT false;
