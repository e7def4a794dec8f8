import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { bearer } from '../../helper';
import { cpfFromBase } from '../../support/purchases';

/** Smallest headers our sniffing recognises, padded to look like a file. */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('fake image body'),
]);
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

export const VALID_FIELDS: Record<string, string> = {
  name: 'Maria da Silva',
  email: 'maria.silva@example.com',
  cpf: '529.982.247-25',
  phone: '(11) 98765-4321',
  birthdate: '1990-05-17',
  street: 'Praça da Sé',
  number: '100',
  neighborhood: 'Sé',
  city: 'São Paulo',
  state: 'SP',
  zipCode: '01001-000',
  complement: 'lado ímpar',
  documentType: '1',
};

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

export interface UploadFile {
  data: Buffer;
  filename: string;
  type: string;
}

export const pngFile: UploadFile = { data: PNG_BYTES, filename: 'rg-frente.png', type: 'image/png' };

/** A real multipart/form-data body, encoded by the platform's own FormData (what a browser sends). */
export async function multipart(
  fields: Record<string, string>,
  file: UploadFile | null = pngFile,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('documentFile', new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export async function openAccount(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string> = withFreshCpf(),
  file: UploadFile | null = pngFile,
) {
  const { payload, headers } = await multipart(fields, file);
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
