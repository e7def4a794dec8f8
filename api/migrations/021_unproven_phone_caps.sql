-- Issue 29: automatic messages to a phone that has not proved possession (buyers.phone_verified_at NULL) are capped
-- when the worker delivers them (whatsapp/sender.ts): the first 'reserva criada' per phone and campaign, and at most
-- 3 a day per phone across the platform; 'pagamento confirmado' always goes.
-- campaign_id: the campaign of a 'reserva criada' (NULL for the other kinds and the rows written before).
ALTER TABLE whatsapp_outbox ADD COLUMN campaign_id bigint NULL;
-- The per-phone counts of what was sent.
CREATE INDEX whatsapp_outbox_phone_sent_idx ON whatsapp_outbox (to_phone, sent_at) WHERE status = 'sent';
