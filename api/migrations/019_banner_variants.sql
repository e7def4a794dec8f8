-- Banner variants: an uploaded banner is re-encoded at upload into AVIF and WebP at widths 480/800/1200/1600, a JPEG
-- fallback and a 1200×630 link preview (api/src/campaigns/banner-images.ts), stored beside the original
-- (campaign-banners/<uuid>-w800-avif …) and served at /media/banners/<uuid>/w800.avif. The row records what exists,
-- so the public page can offer a <picture> without asking the storage.

ALTER TABLE campaigns
  -- The uploaded image's size once EXIF-rotated; null for an external banner, no banner, or one not processed yet.
  ADD COLUMN banner_width  integer NULL CHECK (banner_width BETWEEN 1 AND 100000),
  ADD COLUMN banner_height integer NULL CHECK (banner_height BETWEEN 1 AND 100000),
  -- The variants stored: [{"name": "w800.avif", "width": 800, "height": 450, "bytes": 14100}, …].
  -- NULL: not processed yet (uploaded before 019: the worker's 'campaign-banner-variants' step fills it);
  -- []: processed, none could be made (the stored original is unreadable or missing): the page shows the original.
  ADD COLUMN banner_variants jsonb NULL CHECK (banner_variants IS NULL OR jsonb_typeof(banner_variants) = 'array'),
  -- The backfill's lease (db/leases.ts): one process encodes a banner at a time, a dead one's claim expires.
  ADD COLUMN banner_variants_claimed_at timestamptz NULL,
  ADD CONSTRAINT campaigns_banner_variants_need_upload
    CHECK (banner_storage_key IS NOT NULL OR (banner_variants IS NULL AND banner_width IS NULL AND banner_height IS NULL));

-- The backfill's queue: uploaded banners without variants (few rows, and none once the backfill is done).
CREATE INDEX campaigns_banner_variants_pending_idx ON campaigns (id)
  WHERE banner_storage_key IS NOT NULL AND banner_variants IS NULL;
