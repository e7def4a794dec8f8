-- Issue 13: at publish every campaign draws a 32-byte seed and commits to it (lowercase hex SHA-256 of the seed's raw
-- bytes). A 'Sorteio Rifaria' campaign shows the commitment on its panel and public page from then on and reveals the
-- seed with the result, so anyone can check that the draw used the seed fixed before sales. The seed itself never
-- leaves the server before the draw.
ALTER TABLE campaigns ADD COLUMN draw_seed bytea;
ALTER TABLE campaigns ADD COLUMN draw_commitment text;
ALTER TABLE campaigns ADD CONSTRAINT campaigns_draw_seed_length CHECK (draw_seed IS NULL OR octet_length(draw_seed) = 32);
ALTER TABLE campaigns ADD CONSTRAINT campaigns_draw_commitment_hex CHECK (draw_commitment IS NULL OR draw_commitment ~ '^[0-9a-f]{64}$');
ALTER TABLE campaigns ADD CONSTRAINT campaigns_draw_commitment_with_seed CHECK ((draw_seed IS NULL) = (draw_commitment IS NULL));

-- Campaigns published before this migration (status 2 published, 4 finished) get their seed now: two random UUIDs'
-- hex (gen_random_uuid() is the server's CSPRNG; 244 random bits, the version and variant nibbles being fixed).
UPDATE campaigns
   SET draw_seed = decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex')
 WHERE status_id IN (2, 4) AND draw_seed IS NULL;
UPDATE campaigns SET draw_commitment = encode(sha256(draw_seed), 'hex') WHERE draw_seed IS NOT NULL AND draw_commitment IS NULL;
