import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite is PostgreSQL in this process with no postmaster: two processes opening the same data
 * directory both succeed and then corrupt it. This lock file makes the second one fail loudly.
 *
 * The lock holds {pid, hostname, startedAt}. A lock whose process is gone (crash, kill -9, container restart)
 * is stale and taken over; a live holder gets a DataDirLockedError naming it.
 *
 * Creating the lock is atomic (link() of a fully written file fails with EEXIST), so two starters never both
 * win. Taking over a stale lock is not: "read it, judge it stale, delete it" are three steps, and two starters
 * that judged the same stale lock would both delete it — the second one deleting the fresh lock the first had
 * just linked — and both win. (Moving the lock aside with rename() and putting it back if it was not the stale
 * one does not close it: while it is aside, a third starter links its own.) So:
 *
 * - A stale lock is deleted only by the holder of its takeover marker `<lock>.takeover-<id>.<n>`, created with
 *   link() (exclusive), where id names that very lock file (its content and inode; no later lock has the same).
 *   The holder re-reads the lock and deletes it only if it is still that file: nothing else can have deleted it
 *   meanwhile (its owner is dead; any other taker needs the same marker). Then everyone links again, and link()
 *   picks the one winner. Another live process's marker makes a starter wait (a few ms; after TAKEOVER_WAIT_MS,
 *   DataDirLockedError naming it).
 * - A taker that crashed holding its marker leaves the stale lock and the marker: the next taker sees the marker's
 *   process is dead and moves to generation n+1. A dead process does nothing more, so there is still at most one
 *   live taker per stale lock; nothing is judged by age, so a process paused for long cannot break the lock.
 * - Markers are deleted by their holder; the dead generations only after the stale lock is gone (before that, a
 *   taker could otherwise start again at a lower generation beside one still running); and by whoever acquires the
 *   lock (every marker then names an older lock, gone for good: a late taker that creates one re-reads, backs off).
 *
 * If a crashed taker's pid is reused (or it ran on another host, for an unreadable lock), starters get the
 * DataDirLockedError naming it; deleting the lock file, as the message says, is enough.
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

/**
 * Test seam: called where a race between starters matters, so tests can widen the window (sleep) or crash there.
 * 'judged-stale': the lock was read and judged stale, nothing done yet. 'guarded': this process holds the
 * takeover marker and is about to re-check and delete the stale lock.
 */
export interface DataDirLockHooks {
  onTakeover?(step: 'judged-stale' | 'guarded'): void;
}

/** How long a starter waits for another live process that is taking over the same stale lock. */
const TAKEOVER_WAIT_MS = 1_000;
/** Takers crashed in the middle of a takeover of one lock, before giving up (each crash costs one generation). */
const TAKEOVER_GENERATIONS = 8;

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

const sleep = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

function parseLock(raw: string): LockContent | null {
  try {
    const parsed = JSON.parse(raw) as Partial<LockContent>;
    if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string') return null;
    return { pid: parsed.pid, hostname: parsed.hostname, startedAt: String(parsed.startedAt ?? '?') };
  } catch {
    return null; // unreadable (hand-edited, emptied by a power loss): treated as stale
  }
}

interface LockFile {
  /** null: unreadable content. */
  holder: LockContent | null;
  /** This very file (content and inode), not whatever is at the path later. */
  id: string;
}

/** The lock or marker file at filePath, or null if there is none. */
function readLockFile(filePath: string): LockFile | null {
  let fd: number;
  try {
    fd = fs.openSync(filePath, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const stat = fs.fstatSync(fd);
    const raw = fs.readFileSync(fd, 'utf8');
    // No st_dev: it differs between hosts mounting the same volume, which must agree on the marker's name.
    const id = createHash('sha256').update(`${stat.ino}:${stat.mtimeMs}:${raw}`).digest('hex');
    return { holder: parseLock(raw), id: id.slice(0, 16) };
  } finally {
    fs.closeSync(fd);
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

export function acquireDataDirLock(dataDir: string, hooks: DataDirLockHooks = {}): DataDirLock {
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
    let waitingSince: number | null = null; // for another live process taking over the same stale lock
    let changes = 0;
    while (changes < 10) {
      try {
        fs.linkSync(tmpPath, lockPath);
        heldInThisProcess.add(lockPath);
        removeTakeoverMarkers(lockPath);
        return { path: lockPath, release: () => releaseLock(lockPath, content) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const current = readLockFile(lockPath);
      if (current) {
        if (!isStale(current.holder)) throw new DataDirLockedError(dataDir, current.holder as LockContent);
        hooks.onTakeover?.('judged-stale');
        const taker = removeStaleLock(lockPath, current.id, tmpPath, hooks);
        if (taker) {
          waitingSince ??= Date.now();
          if (Date.now() - waitingSince >= TAKEOVER_WAIT_MS) throw new DataDirLockedError(dataDir, taker);
          sleep(10);
          continue;
        }
      }
      changes++; // released, removed as stale or taken over meanwhile: link again
    }
    throw new Error(`Could not acquire ${lockPath}: it keeps changing`);
  } finally {
    fs.rmSync(tmpPath, { force: true });
  }
}

/**
 * Deletes the stale lock file `staleId` if it is still in place, under its takeover marker (see the top of the
 * file). Returns null when the caller should link again, or the live process that holds the marker.
 */
function removeStaleLock(
  lockPath: string,
  staleId: string,
  tmpPath: string,
  hooks: DataDirLockHooks,
): LockContent | null {
  const deadMarkers: string[] = [];
  for (let generation = 0; generation < TAKEOVER_GENERATIONS; generation++) {
    const marker = `${lockPath}.takeover-${staleId}.${generation}`;
    try {
      fs.linkSync(tmpPath, marker); // the marker holds our {pid, hostname, startedAt}, like a lock
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const other = readLockFile(marker);
      if (!other) return null; // its taker just finished or gave up: start over
      if (!isStale(other.holder)) return other.holder as LockContent;
      deadMarkers.push(marker); // its taker died in the middle: next generation
      continue;
    }
    let done = false;
    try {
      hooks.onTakeover?.('guarded');
      if (readLockFile(lockPath)?.id === staleId) fs.unlinkSync(lockPath);
      done = true;
    } finally {
      // After a failure the stale lock may still be there: leave the dead generations, so that a next taker
      // cannot start again below one that is still running.
      for (const file of done ? [...deadMarkers, marker] : [marker]) fs.rmSync(file, { force: true });
    }
    return null;
  }
  throw new Error(
    `Could not take over the stale lock ${lockPath} (${TAKEOVER_GENERATIONS} takeovers crashed): ` +
      `if no process uses the database directory, delete ${lockPath} and ${lockPath}.takeover-*.`,
  );
}

/**
 * Markers left by takers that crashed: while we hold the lock, every marker names an older lock file that is gone
 * for good, so none matters any more (a taker still holding one re-reads the lock, sees ours and backs off).
 */
function removeTakeoverMarkers(lockPath: string): void {
  const prefix = `${path.basename(lockPath)}.takeover-`;
  try {
    for (const name of fs.readdirSync(path.dirname(lockPath))) {
      if (name.startsWith(prefix)) fs.rmSync(path.join(path.dirname(lockPath), name), { force: true });
    }
  } catch {
    // Only tidying up.
  }
}

function releaseLock(lockPath: string, content: LockContent): void {
  if (!heldInThisProcess.delete(lockPath)) return;
  const holder = readLockFile(lockPath)?.holder;
  // Only remove a lock that is still ours.
  if (
    holder &&
    holder.pid === content.pid &&
    holder.hostname === content.hostname &&
    holder.startedAt === content.startedAt
  ) {
    fs.rmSync(lockPath, { force: true });
  }
}
