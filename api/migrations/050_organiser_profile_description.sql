-- Issue 30 (cosmetic): the organiser was labelled 'Cliente' under their name in the menu. An organiser account is an
-- organiser's: 'Organizador' by default, for new accounts and for those still on the old default.
ALTER TABLE users ALTER COLUMN profile_description SET DEFAULT 'Organizador';
UPDATE users SET profile_description = 'Organizador' WHERE profile_description = 'Cliente';
