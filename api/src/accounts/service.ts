import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ACCOUNT_OPENING_MESSAGES, type AccountOpeningInput } from '@rifaria/shared/schemas';
import type { Database, Executor } from '../db/schema';
import type { AddressInput } from '../profile/repository';
import { fieldError, HttpError } from '../lib/errors';
import type { Repositories } from '../registry';
import { isUniqueViolation } from '../db/errors';
import { detectFileType, newStorageKey, type DetectedMime, type FileStorage } from '../storage';
import { generateAccountNumber } from './account-number';
import { ACCOUNT_MESSAGES } from './messages';
import { HOLDER_CPF_INDEX, type AccountApplication, type AccountsRepository } from './repository';
import { automaticChecks, checkColumns } from './checks';
import { walletListItem } from '../wallets/service';
import type { WalletListItem } from './presenter';

/** The uploaded identity document, already checked (type sniffed from its bytes, size within the limit). */
export interface AccountDocument {
  data: Buffer;
  mime: DetectedMime;
}

const DOCUMENTS_PREFIX = 'account-documents';
/** 10^7 numbers: a collision is rare, ten in a row means something else is wrong. */
const ACCOUNT_NUMBER_ATTEMPTS = 10;

/**
 * POST /digital-wallets/abrir-conta: stores the document, then in ONE transaction creates the in-review wallet
 * and the application, completes the profile and saves the address. The KYC review (kyc.ts) decides later.
 */
export class AccountOpeningService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repos: Repositories,
    private readonly accounts: AccountsRepository,
    private readonly storage: FileStorage,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * `resubmission`: 'Corrigir e reenviar' (issue 32), the id of the organiser's rejected application this one
   * corrects; without a new document, the one sent with it is kept (copied under a new key).
   */
  async open(
    userId: string,
    input: AccountOpeningInput,
    newDocument: AccountDocument | null,
    resubmission: string | null = null,
  ): Promise<WalletListItem> {
    // Reference data, checked before anything is written (the wizard's select only offers existing ids).
    if (!(await this.accounts.documentTypeExists(input.documentType))) {
      throw fieldError('documentType', ACCOUNT_OPENING_MESSAGES.documentTypeRequired);
    }
    // Cheap early refusals, before the file is stored; the transaction checks again under the user's row lock.
    if (await this.accounts.hasOpenWallet(userId)) throw new HttpError(422, ACCOUNT_MESSAGES.alreadyOpen);
    await this.checkHolderCpf(userId, (await this.repos.users.findById(userId))?.cpf ?? null, input.cpf);
    const corrected = resubmission === null ? null : await this.correctable(userId, resubmission);
    const document = newDocument ?? (corrected ? await this.keptDocument(corrected) : null);
    if (!document) throw fieldError('documentFile', ACCOUNT_OPENING_MESSAGES.documentFileRequired);

    // The file first: a row must never point to a missing file. If the transaction fails, the file goes.
    const storageKey = newStorageKey(DOCUMENTS_PREFIX);
    await this.storage.put(storageKey, document.data, document.mime);
    try {
      return await this.db.transaction().execute(async (trx) => {
        // Serialises two openings of the same user (double click, two tabs): the second waits, then sees the first.
        const user = await this.repos.users.findByIdForUpdate(userId, trx);
        if (!user) throw new Error(`User ${userId} vanished during account opening`);
        if (await this.accounts.hasOpenWallet(userId, trx)) throw new HttpError(422, ACCOUNT_MESSAGES.alreadyOpen);
        await this.checkHolderCpf(userId, user.cpf, input.cpf, trx);
        if (corrected && (await this.accounts.isResubmitted(corrected.id, trx))) {
          throw new HttpError(422, ACCOUNT_MESSAGES.notResubmittable);
        }

        let wallet: { id: string } | null = null;
        for (let attempt = 0; !wallet && attempt < ACCOUNT_NUMBER_ATTEMPTS; attempt += 1) {
          wallet = await this.accounts.insertWalletUnlessNumberTaken(userId, generateAccountNumber(), input.cpf, trx);
        }
        if (!wallet) throw new Error('No free account number after several attempts');

        const address: AddressInput = {
          zip_code: input.zipCode,
          street: input.street,
          number: input.number,
          complement: input.complement === '' ? null : input.complement,
          neighborhood: input.neighborhood,
          city: input.city,
          state_uf: input.state,
        };
        await this.accounts.createApplication(
          {
            user_id: userId,
            user_wallet_id: wallet.id,
            name: input.name,
            email: input.email,
            cpf: input.cpf,
            phone: input.phone,
            birthdate: input.birthdate,
            ...address,
            document_type_id: input.documentType,
            document_storage_key: storageKey,
            document_mime: document.mime,
            document_size: document.data.length,
            // Past the checks above: the digits (the schema), the age (the schema, when given), the CPF free.
            ...checkColumns(automaticChecks(input.cpf, input.birthdate, true, new Date())),
            resubmission_of: corrected?.id ?? null,
          },
          trx,
        );

        // Completes the profile without overwriting what the user already set there.
        const changes = {
          ...(user.cpf === null ? { cpf: input.cpf } : {}),
          ...(user.phone === null ? { phone: input.phone } : {}),
          ...(user.birthdate === null && input.birthdate !== null ? { birthdate: input.birthdate } : {}),
        };
        if (Object.keys(changes).length > 0) await this.repos.users.update(userId, changes, trx);
        await this.repos.addresses.upsert(userId, address, trx);

        const row = await this.accounts.findWallet(wallet.id, trx);
        if (!row) throw new Error(`Wallet ${wallet.id} missing right after its insert`);
        return walletListItem(row);
      });
    } catch (error) {
      await this.storage.delete(storageKey).catch((cleanupError: unknown) => {
        this.log.error({ err: cleanupError, storageKey }, 'could not delete the document of a failed account opening');
      });
      // Another organiser's application with this CPF committed between our check and our insert.
      if (isUniqueViolation(error, HOLDER_CPF_INDEX)) throw fieldError('cpf', ACCOUNT_MESSAGES.cpfTaken);
      throw error;
    }
  }

  /** The organiser's own rejected application, not corrected yet: anything else is refused as the same 422. */
  private async correctable(userId: string, applicationId: string): Promise<AccountApplication> {
    const application = await this.accounts.findApplication(applicationId);
    const own = application?.user_id === userId ? application : undefined;
    if (!own || own.status !== 'rejected' || (await this.accounts.isResubmitted(own.id))) {
      throw new HttpError(422, ACCOUNT_MESSAGES.notResubmittable);
    }
    return own;
  }

  /** The document of the corrected application, read back through the storage (its type sniffed again). */
  private async keptDocument(application: AccountApplication): Promise<AccountDocument | null> {
    const stored = await this.storage.get(application.document_storage_key);
    if (!stored) return null;
    const type = detectFileType(stored.data);
    return type ? { data: stored.data, mime: type.mime } : null;
  }

  /**
   * The account is opened in the name of the profile's CPF when the profile has one, and a CPF already holding an
   * in-review or active account of another organiser cannot open a second one (the index decides under races).
   */
  private async checkHolderCpf(userId: string, profileCpf: string | null, cpf: string, trx?: Executor): Promise<void> {
    if (profileCpf !== null && profileCpf !== cpf) throw fieldError('cpf', ACCOUNT_MESSAGES.cpfProfileMismatch);
    if (await this.accounts.cpfHeldByAnotherAccount(cpf, userId, trx)) {
      throw fieldError('cpf', ACCOUNT_MESSAGES.cpfTaken);
    }
  }
}
