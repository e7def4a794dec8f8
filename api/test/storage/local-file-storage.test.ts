import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InvalidStorageKeyError, LocalFileStorage, newStorageKey } from '../../src/storage';

describe('LocalFileStorage', () => {
  let root: string;
  let storage: LocalFileStorage;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'rifaria-storage-'));
    storage = new LocalFileStorage(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const allFiles = (dir: string): string[] =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));

  it('should store a file and read back its bytes and content type', async () => {
    const key = newStorageKey('documents');
    const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await storage.put(key, data, 'image/png');
    expect(await storage.get(key)).toEqual({ data, contentType: 'image/png' });
  });

  it('should replace a file under the same key and leave no temporary file behind', async () => {
    const key = newStorageKey('documents');
    await storage.put(key, Buffer.from('first'), 'application/pdf');
    await storage.put(key, Buffer.from('second'), 'image/jpeg');
    expect(await storage.get(key)).toEqual({ data: Buffer.from('second'), contentType: 'image/jpeg' });
    expect(allFiles(root).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  });

  it('should answer null for a missing key and delete idempotently', async () => {
    const key = newStorageKey('documents');
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from('x'), 'application/pdf');
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(allFiles(root)).toEqual([]);
  });

  it('should keep every file inside the storage directory', async () => {
    const key = newStorageKey('account-documents');
    await storage.put(key, Buffer.from('x'), 'application/pdf');
    expect(allFiles(root).sort()).toEqual(
      [path.join(...key.split('/')), `${path.join(...key.split('/'))}.meta.json`].sort(),
    );
  });

  it.each(['../escape', '/etc/passwd', 'a/../../b', 'a//b', 'Documents/x', 'a/b.png', '', 'a\\b'])(
    'should refuse the key %p',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    },
  );

  it('should generate random keys under the given prefix', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newStorageKey('account-documents')));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^account-documents\/[0-9a-f-]{36}$/);
  });
});
