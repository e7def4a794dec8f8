import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A new folder under the system's temporary one, and `write` to put a file in it (its folders made as needed). */
export function tempTree(prefix: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const write = (file: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  return { root, write };
}
