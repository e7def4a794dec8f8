-- Issue 32: the operators review account openings by hand (KYC_PROVIDER=manual, src/accounts/kyc.ts and
-- src/admin/kyc-routes.ts).
--
-- The automatic checks made before any person looks, recorded with the application as they were when it was sent:
-- the CPF's check digits, age >= 18 on the day of the application (NULL: no birth date was given), and that no other
-- organiser's open account holds the CPF. NULL in the rows written before this migration (the console works them out
-- again from the row where it can).
ALTER TABLE account_applications
  ADD COLUMN check_cpf_valid  boolean NULL,
  ADD COLUMN check_adult      boolean NULL,
  ADD COLUMN check_cpf_unique boolean NULL;

UPDATE account_applications
SET check_adult = birthdate <= ((created_at AT TIME ZONE 'America/Sao_Paulo')::date - interval '18 years')::date
WHERE birthdate IS NOT NULL;

-- An operator's rejection: a reason from the fixed list (shown in pt-BR: 'Documento ilegível', 'Dados não conferem',
-- 'Menor de idade', 'Outro') and free text, required for 'outro'. rejection_reason keeps the sentence the organiser
-- reads (the label, then the details).
ALTER TABLE account_applications
  ADD COLUMN rejection_code    text NULL
    CHECK (rejection_code IN ('documento_ilegivel', 'dados_nao_conferem', 'menor_de_idade', 'outro')),
  ADD COLUMN rejection_details text NULL CHECK (char_length(rejection_details) <= 500),
  ADD CONSTRAINT account_applications_rejection_code_status CHECK (rejection_code IS NULL OR status = 'rejected'),
  ADD CONSTRAINT account_applications_rejection_other
    CHECK (rejection_code IS DISTINCT FROM 'outro' OR rejection_details IS NOT NULL);

-- 'Corrigir e reenviar': the application a resubmission corrects (a rejected one of the same organiser, corrected
-- once). The new application opens a new in-review wallet and goes back in the queue.
ALTER TABLE account_applications
  ADD COLUMN resubmission_of bigint NULL REFERENCES account_applications (id) ON DELETE RESTRICT,
  ADD CONSTRAINT account_applications_resubmission_key UNIQUE (resubmission_of);

-- The operators' lists of decided applications, newest decision first.
CREATE INDEX account_applications_reviewed_idx ON account_applications (status, reviewed_at DESC)
  WHERE status <> 'in_review';
