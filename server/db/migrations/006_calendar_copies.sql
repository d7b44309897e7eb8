-- The last good copy of each of the host's calendar sources (feeds, CalDAV), so a restart or
-- another instance uses it while the source cannot be read. Keyed by a digest, never the source's URL.
CREATE TABLE calendar_copies (
  source_id text PRIMARY KEY,
  -- The busy times as [[startMs, endMs], …], epoch milliseconds, expanded over the bookable window.
  busy jsonb NOT NULL,
  events integer NOT NULL,
  read_at timestamptz NOT NULL
);

-- Which instance refreshes the calendars (one at a time, with PostgreSQL): a lease it renews.
CREATE TABLE calendar_refresh_lease (
  id integer PRIMARY KEY CHECK (id = 1),
  holder text NOT NULL,
  until timestamptz NOT NULL
);
