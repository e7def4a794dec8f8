// Small helpers shared by the root scripts (start, test, build, dev).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves with its exit code (never rejects). */
export function run(command, args, { env = {}, cwd = ROOT, prefix } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (prefix) {
      const pipe = (stream, out) => {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) out.write(`${prefix} ${line}\n`);
        });
        stream.on('end', () => rest && out.write(`${prefix} ${rest}\n`));
      };
      pipe(child.stdout, process.stdout);
      pipe(child.stderr, process.stderr);
    }
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
