-- Proofs of work spent (docs/email-codes.md#proof-of-work). Same SQL on PGlite and PostgreSQL.

-- The nonce of each ALTCHA challenge a code email was asked with: a solved challenge asks for one code, once. A row
-- is needed until its challenge expires, and deleted after.
CREATE TABLE spent_proofs (
  nonce text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX spent_proofs_expires_idx ON spent_proofs (expires_at);
