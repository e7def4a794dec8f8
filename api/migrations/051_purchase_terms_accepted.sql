-- Issue 30 ("Expected by buyers"): at purchase the buyer ticks 'Li e aceito o regulamento e declaro ter 18 anos ou
-- mais' (POST /public/purchases refuses a reservation without it: terms_accepted in purchaseRequestSchema). When they
-- did is kept with the purchase, for the organiser (sales CSV) and for support.
--
-- NULL: a purchase made before this migration, when nobody was asked (no default: old rows must not claim an
-- acceptance that never happened, and a row written by anything but a reservation claims none either).
ALTER TABLE purchases ADD COLUMN terms_accepted_at timestamptz;
