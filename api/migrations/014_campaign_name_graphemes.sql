-- Issue 11: a campaign name holds at most 120 characters as a person counts them (graphemes: '🎉' is one, a family
-- emoji is one), checked by the shared schema on the form and in the API (CAMPAIGN_NAME_MAX). length() counts code
-- points, so 120 emoji took up to 1,320 of them and the old CHECK (length(name) <= 120) refused names the form had
-- accepted. The column's bound is now the API's cap in UTF-16 units, which is never below the code points
-- (CAMPAIGN_NAME_MAX_UNITS = 120 × 16 in shared/src/schemas/campaign.ts).
ALTER TABLE campaigns DROP CONSTRAINT campaigns_name_check;
ALTER TABLE campaigns ADD CONSTRAINT campaigns_name_length CHECK (length(name) BETWEEN 1 AND 1920);
