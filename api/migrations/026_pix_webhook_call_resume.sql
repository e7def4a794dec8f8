-- Issue 29: a webhook call whose processing was interrupted (the process died, or lost its database, between storing
-- the call and recording its outcome) stayed 'received' forever. The payments worker now processes such calls again
-- (PaymentsService.resumeInterruptedWebhookCalls), leased on last_checked_at like the other worker steps.
ALTER TABLE pix_webhook_calls ADD COLUMN last_checked_at timestamptz NULL;
CREATE INDEX pix_webhook_calls_interrupted_idx ON pix_webhook_calls (received_at) WHERE outcome = 'received';
