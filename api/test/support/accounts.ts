import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { bearer } from '../helper';
import { formData, PNG, type UploadFile } from './uploads';
import { cpfFromBase } from './buyers';
import { ACCOUNT_OPENING_FIELDS as VALID_FIELDS } from '@rifaria/shared/testing/fixtures';

export { VALID_FIELDS };

let cpfSequence = 0;

/** A valid CPF no other opening of this test file uses (one CPF holds one open account). */
export function freshCpf(): string {
  cpfSequence += 1;
  return cpfFromBase(String(200_000_000 + cpfSequence));
}

/** The form of VALID_FIELDS (or of `fields`) under a CPF of its own. */
export const withFreshCpf = (fields: Record<string, string> = VALID_FIELDS): Record<string, string> => ({
  ...fields,
  cpf: freshCpf(),
});

export const pngFile: UploadFile = { data: PNG, filename: 'rg-frente.png', type: 'image/png' };

export async function openAccount(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string> = withFreshCpf(),
  file: UploadFile | null = pngFile,
) {
  const { payload, headers } = await formData(fields, file ? { documentFile: file } : {});
  return app.inject({
    method: 'POST',
    url: '/digital-wallets/abrir-conta',
    headers: { ...headers, ...bearer(token) },
    payload,
  });
}

export function temporaryStorageDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'rifaria-accounts-'));
}

/** Stored document files (metadata sidecars excluded). */
export function storedDocuments(root: string): string[] {
  const dir = path.join(root, 'account-documents');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => !name.endsWith('.meta.json'));
}
