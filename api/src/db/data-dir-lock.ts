import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite is PostgreSQL in this process with no postmaster: two processes opening the same data
 * directory both succeed and then corrupt it. This lock file makes the second one fail loudly.
 *
 * The lock holds {pid, hostname}. A lock whose process is gone (crash, kill -9, container restart)
 * is stale and taken over; a live holder gets a DataDirLockedError naming it.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly holder: LockContent,
  ) {
    super(
      `The database directory ${dataDir} is in use by process ${holder.pid} on ${holder.hostname} ` +
        `(since ${holder.startedAt}). Stop that process first, use another DATA_DIR, or set DATABASE_URL ` +
        `to a PostgreSQL server to run several processes. If you are sure no process uses it, delete ${lockPathFor(dataDir)}.`,
    );
  }
}

interface LockContent {
  pid: number;
  hostname: string;
  startedAt: string;
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/** Locks held by this process: opening the same directory twice in one process corrupts it too. */
const heldInThisProcess = new Set<string>();

export const lockPathFor = (dataDir: string): string => `${path.resolve(dataDir)}.lock`;

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(lockPath: string): LockContent | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockContent>;
    if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string') return null;
    return { pid: parsed.pid, hostname: parsed.hostname, startedAt: String(parsed.startedAt ?? '?') };
  } catch {
    return null; // unreadable or half-written: treated as stale
  }
}

function isStale(holder: LockContent | null): boolean {
  if (!holder) return true;
  // Another machine sharing the volume: its pids mean nothing here, so never steal its lock.
  if (holder.hostname !== os.hostname()) return false;
  // Our own pid but not held by us: a restarted container reusing the pid (often 1).
  if (holder.pid === process.pid) return true;
  return !isProcessAlive(holder.pid);
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = lockPathFor(dataDir);
  if (heldInThisProcess.has(lockPath)) {
    throw new DataDirLockedError(dataDir, { pid: process.pid, hostname: os.hostname(), startedAt: 'now' });
  }
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });

  const content: LockContent = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
  // Write the full content to a private file, then hard-link it into place: link() fails with EEXIST
  // atomically, so a reader never sees a half-written lock and two starters cannot both win.
  const tmpPath = `${lockPath}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmpPath, JSON.stringify(content));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        fs.linkSync(tmpPath, lockPath);
        heldInThisProcess.add(lockPath);
        return {
          path: lockPath,
          release: () => releaseLock(lockPath),
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = readLock(lockPath);
        if (!isStale(holder)) throw new DataDirLockedError(dataDir, holder as LockContent);
        // Stale: remove and retry. If another starter took it in between, the next link fails again
        // and we re-read a live holder.
        fs.rmSync(lockPath, { force: true });
      }
    }
    throw new Error(`Could not acquire ${lockPath}`);
  } finally {
    fs.rmSync(tmpPath, { force: true });
  }
}

function releaseLock(lockPath: string): void {
  if (!heldInThisProcess.delete(lockPath)) return;
  const holder = readLock(lockPath);
  // Only remove a lock that is still ours.
  if (holder && holder.pid === process.pid && holder.hostname === os.hostname()) {
    fs.rmSync(lockPath, { force: true });
  }
}
