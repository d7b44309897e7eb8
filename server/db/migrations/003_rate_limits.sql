-- The per-minute request windows move to rate-limiter-flexible (server/db/rateLimitWindows.ts), in its
-- own table layout: these columns, in this order, are what its RateLimiterPostgres reads and writes.
-- PGlite mode counts in memory (one process); the table exists there too, unused, as the same SQL runs on both.
CREATE TABLE rate_limits (
  -- The limit's prefix and a SHA-256 of the client network (server/limits/keys.ts): no plain address.
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  -- End of the window, epoch milliseconds.
  expire bigint
);
-- rate-limiter-flexible deletes expired windows every few minutes.
CREATE INDEX rate_limits_expire_idx ON rate_limits (expire);

DROP TABLE rate_limit_windows;
