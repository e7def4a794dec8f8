/**
 * The state of the account-opening wizard: the values (prefilled from the profile, kept as a draft in the tab),
 * the step (a history entry), the CEP lookup, each step's checks and the submission.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { readApiError } from '@rifaria/shared/api-client';
import { ACCOUNT_SUCCESS_REDIRECT_MS } from '@rifaria/shared/constants';
import { maskCep, maskCpf, maskPhone, onlyDigits } from '@rifaria/shared/format';
import { paths } from '@rifaria/shared/paths';
import {
  ACCOUNT_OPENING_MESSAGES,
  BRAZILIAN_STATES,
  accountAddressSchema,
  accountDocumentSchema,
  accountPersonalSchema,
  cepLookupFailure,
  firstErrors,
  validate,
} from '@rifaria/shared/schemas';
import {
  getAddress,
  getCep,
  getDocumentTypes,
  getMe,
  getStates,
  openAccount,
  type DocumentType,
} from '../api/account-opening';
import type { StateOption } from '@rifaria/shared/types';
import { WIZARD_STEPS } from '../components/wizard-texts';
import {
  ACCOUNT_DRAFT_NAME,
  ACCOUNT_FIELDS,
  CEP_FIELDS,
  EMPTY_VALUES,
  MASKS,
  accountFailureText,
  correctionValues,
  documentContentError,
  documentFileError,
  firstStepAtFault,
  isoToBr,
  refusedFields,
  withoutErrors,
  type AccountField,
  type AccountValues,
} from './account-form';
import { clearTabDraft, readTabDraft, writeTabDraft } from './tab-draft';
import type { LatestApplication } from '../../common/api/account-application';
import { useWizardHistory } from './use-wizard-history';

export type AccountWizard = ReturnType<typeof useAccountWizard>;

interface CepState {
  loading: boolean;
  error: string | null;
  notice: string | null;
}
const CEP_IDLE: CepState = { loading: false, error: null, notice: null };

/** `correction`: the rejected application 'Corrigir e reenviar' starts from (issue 32), its data kept. */
export function useAccountWizard(correction: LatestApplication | null = null) {
  const navigate = useNavigate();
  const wizard = useWizardHistory(WIZARD_STEPS.length, paths.wallets.getHref());
  const { step } = wizard;
  // What this tab kept of an earlier visit (Back, reload, a detour): restored as typed.
  const [restored] = useState(() => readTabDraft<AccountValues>(ACCOUNT_DRAFT_NAME, ACCOUNT_FIELDS));
  const [corrected] = useState(() => correctionValues(correction));
  const [values, setValues] = useState<AccountValues>(() => ({ ...EMPTY_VALUES, ...corrected, ...restored?.values }));
  const [file, setFile] = useState<File | null>(null);
  /** No new file chosen on a correction: the document sent before is kept (the server copies it). */
  const keepsDocument = correction !== null && file === null;
  /** The person typed (or a draft was restored): Back on the first step asks before leaving, and a draft is kept. */
  const [dirty, setDirty] = useState(Boolean(restored));
  const [showRestored, setShowRestored] = useState(Boolean(restored));
  /** The profile's CPF, when it has one: the account must be opened with it (the server refuses another). */
  const [profileCpf, setProfileCpf] = useState<string | null>(null);
  const prefilled = useRef<Partial<AccountValues>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [states, setStates] = useState<StateOption[]>([...BRAZILIAN_STATES]);
  const [documentTypes, setDocumentTypes] = useState<DocumentType[]>([]);
  /** error: the CEP is unknown (404, the field turns red); notice: the lookup failed, the CEP may be right. */
  const [cep, setCep] = useState<CepState>(CEP_IDLE);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const lastCep = useRef('');
  const mounted = useRef(true);
  /** The chosen file's content (its first bytes) is read as soon as it is chosen: the check while it runs… */
  const pendingContent = useRef<Promise<string | null> | null>(null);
  /** …and its verdict (a message, or null for a PDF or an image). */
  const contentError = useRef<string | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Prefill from the profile; a field the person already typed in is never overwritten.
  useEffect(() => {
    const fill = (patch: Partial<AccountValues>) => {
      prefilled.current = { ...prefilled.current, ...patch };
      setValues((current) => {
        const next = { ...current };
        for (const [key, value] of Object.entries(patch) as [AccountField, string][])
          if (!next[key] && value) next[key] = value;
        return next;
      });
    };
    getMe()
      .then((user) => {
        fill({
          name: user.name ?? '',
          email: user.email ?? '',
          cpf: maskCpf(user.cpf ?? ''),
          phone: maskPhone(user.phone ?? ''),
          birthdate: isoToBr(user.birthdate),
        });
        if (user.cpf) {
          // Not a suggestion: the account is opened with the profile's CPF, even over a draft.
          const cpf = maskCpf(user.cpf);
          setProfileCpf(cpf);
          setValues((current) => (current.cpf === cpf ? current : { ...current, cpf }));
        }
      })
      .catch(() => {});
    getAddress()
      .then((address) => {
        if (!address) return;
        lastCep.current = onlyDigits(address.zip_code);
        fill({
          zipCode: maskCep(address.zip_code),
          street: address.street,
          number: address.number,
          neighborhood: address.neighborhood,
          city: address.city,
          state: address.state?.abbreviation ?? '',
          complement: address.complement ?? '',
        });
      })
      .catch(() => {}); // the form stays empty: the address is typed (or found by CEP)
    getStates()
      .then((list) => {
        if (list.length) setStates(list);
      })
      .catch(() => {}); // keep the built-in list of the 27 UFs
    getDocumentTypes()
      .then(setDocumentTypes)
      .catch(() => setAlert('Erro ao carregar tipos de documento. Tente novamente.'));
  }, []);

  useEffect(() => {
    if (!done) return undefined;
    const timer = setTimeout(() => navigate(paths.wallets.getHref()), ACCOUNT_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  // Every change is kept in this tab (never the file), from the first thing the person types.
  useEffect(() => {
    if (dirty && !done) writeTabDraft(ACCOUNT_DRAFT_NAME, { ...values }, file !== null || Boolean(restored?.hadFile));
  }, [values, file, dirty, done, restored]);

  // Back on the first step: with nothing typed the wizard simply goes; otherwise it asks (the leave dialog).
  const { atGuard, leave } = wizard;
  useEffect(() => {
    if (atGuard && !dirty) leave();
  }, [atGuard, dirty, leave]);

  const startOver = () => {
    clearTabDraft(ACCOUNT_DRAFT_NAME);
    setValues({ ...EMPTY_VALUES, ...prefilled.current, ...corrected, ...(profileCpf ? { cpf: profileCpf } : {}) });
    setFile(null);
    setErrors({});
    setAlert(null);
    setDirty(false);
    setShowRestored(false);
    wizard.backTo(0);
  };

  const lookupCep = async (digits: string) => {
    lastCep.current = digits;
    setCep({ ...CEP_IDLE, loading: true });
    try {
      const data = await getCep(digits);
      if (!mounted.current || lastCep.current !== digits) return;
      setValues((current) => ({
        ...current,
        street: data.street || current.street,
        neighborhood: data.neighborhood || current.neighborhood,
        city: data.city || current.city,
        state: data.state || current.state,
        complement: current.complement || data.complement || '',
      }));
      setErrors((current) => withoutErrors(current, CEP_FIELDS));
      setCep(CEP_IDLE);
    } catch (error) {
      if (!mounted.current || lastCep.current !== digits) return;
      // 404 → 'CEP não encontrado ou inválido' on the field; 503 or no answer → the lookup failed, not the CEP
      // (issue 30). The fields stay editable either way.
      setCep({ loading: false, ...cepLookupFailure(readApiError(error).status) });
    }
  };

  const change = (field: AccountField, raw: string) => {
    const value = MASKS[field]?.(raw) ?? raw;
    setDirty(true);
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => withoutErrors(current, [field]));
    if (field === 'zipCode') {
      const digits = onlyDigits(value);
      if (digits.length === 8 && digits !== lastCep.current) void lookupCep(digits);
      if (digits.length < 8) {
        lastCep.current = '';
        setCep(CEP_IDLE);
      }
    }
  };

  const chooseFile = (chosen: File | null) => {
    setDirty(true);
    setFile(chosen);
    const problem = chosen ? documentFileError(chosen) : null;
    setErrors((current) =>
      problem ? { ...current, documentFile: problem } : withoutErrors(current, ['documentFile']),
    );
    // Its content decides, not its name: a text file named fake.pdf is refused here, before any upload (issue 30).
    contentError.current = null;
    pendingContent.current = null;
    if (!chosen || problem) return;
    const check = documentContentError(chosen);
    pendingContent.current = check;
    void check.then((found) => {
      if (pendingContent.current !== check) return; // another file was chosen meanwhile
      pendingContent.current = null;
      contentError.current = found;
      if (found && mounted.current) setErrors((current) => ({ ...current, documentFile: found }));
    });
  };

  const stepErrors = (index: number): Record<string, string> => {
    if (index === 0) return firstErrors(validate(accountPersonalSchema, values).errors);
    if (index === 1) return firstErrors(validate(accountAddressSchema, values).errors);
    if (index === 2) {
      const found = firstErrors(validate(accountDocumentSchema, values).errors);
      const fileProblem = keepsDocument ? null : (documentFileError(file) ?? contentError.current);
      return fileProblem ? { ...found, documentFile: fileProblem } : found;
    }
    return {};
  };

  const next = () => {
    // The file's content is still being read (a few bytes: a moment): go on once it is known.
    const pending = pendingContent.current;
    if (step === 2 && pending) {
      void pending.then(() => mounted.current && nextRef.current());
      return;
    }
    const found = stepErrors(step);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setAlert(null);
    wizard.next();
  };

  const nextRef = useRef(next);
  nextRef.current = next;

  const previous = () => {
    setErrors({});
    setAlert(null);
    wizard.previous();
  };

  const finish = async () => {
    setAlert(null);
    if (pendingContent.current) await pendingContent.current;
    if (!mounted.current) return;
    const all = [0, 1, 2].map(stepErrors);
    const firstBad = all.findIndex((found) => Object.keys(found).length > 0);
    if (firstBad >= 0) {
      setErrors(Object.assign({}, ...all) as Record<string, string>);
      setAlert(ACCOUNT_OPENING_MESSAGES.fixErrors);
      wizard.backTo(firstBad);
      return;
    }
    const personal = validate(accountPersonalSchema, values);
    const address = validate(accountAddressSchema, values);
    const document = validate(accountDocumentSchema, values);
    if (!personal.success || !address.success || !document.success || (!file && !keepsDocument)) return;

    setSubmitting(true);
    try {
      await openAccount({
        personal: personal.output,
        address: address.output,
        documentType: document.output.documentType,
        documentFile: file,
        resubmissionOf: correction?.id ?? null,
      });
      clearTabDraft(ACCOUNT_DRAFT_NAME);
      setDone(true);
    } catch (error) {
      setAlert(accountFailureText(error));
      // The refused fields are marked (e.g. a CPF that already holds an account, a document whose content is not
      // a PDF or an image), and the wizard goes back to the first step holding one, keeping everything typed
      // (issue 30: it went back to step 1 whatever was refused). Nothing named: it stays here to send again.
      const refused = refusedFields(error);
      setErrors(refused);
      const atFault = firstStepAtFault(refused);
      if (atFault !== null) wizard.backTo(atFault);
    } finally {
      setSubmitting(false);
    }
  };

  return {
    step,
    values,
    file,
    errors,
    alert,
    states,
    documentTypes,
    cep,
    profileCpf,
    correction,
    keepsDocument,
    submitting,
    done,
    dirty,
    /** The draft was restored: said once, with 'Começar de novo'; `hadFile`, the file must be chosen again. */
    restored: showRestored ? { hadFile: Boolean(restored?.hadFile) } : null,
    dismissRestored: () => setShowRestored(false),
    atGuard,
    stay: wizard.stay,
    leave,
    change,
    chooseFile,
    startOver,
    next,
    previous,
    finish,
  };
}
