-- Issue 29: the verification file of a draw is built ONCE, at the draw, and stored compressed (gzip and brotli),
-- served as an immutable file; the draw no longer stores the paid numbers as a 4-byte-per-number bytea (40 MB at
-- 10 million), which the result page read on every view. Draws made before keep their paid_numbers: their file is
-- built from them on its first download and stored here too.
ALTER TABLE campaign_draws ALTER COLUMN paid_numbers DROP NOT NULL;
ALTER TABLE campaign_draws DROP CONSTRAINT campaign_draws_paid_length;
ALTER TABLE campaign_draws ADD CONSTRAINT campaign_draws_paid_length
  CHECK (paid_numbers IS NULL OR octet_length(paid_numbers) = 4 * paid_count);

CREATE TABLE campaign_draw_files (
  campaign_id  bigint      PRIMARY KEY REFERENCES campaign_draws (campaign_id) ON DELETE RESTRICT,
  -- Strong ETag of the uncompressed JSON (its SHA-256, quoted): the same for both encodings.
  etag         text        NOT NULL,
  -- Size of the uncompressed JSON, in bytes.
  json_bytes   integer     NOT NULL CHECK (json_bytes > 0),
  gzip         bytea       NOT NULL,
  brotli       bytea       NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
-- Already compressed: PostgreSQL's own compression would only cost time.
ALTER TABLE campaign_draw_files ALTER COLUMN gzip SET STORAGE EXTERNAL;
ALTER TABLE campaign_draw_files ALTER COLUMN brotli SET STORAGE EXTERNAL;
