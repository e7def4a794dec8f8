import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError, lockPathFor } from '../../src/db/data-dir-lock';

// More lock tests (with PGlite itself) are in database.test.ts.

const LOCK_MODULE = path.resolve(__dirname, '../../src/db/data-dir-lock.ts');
const REPO_ROOT = path.resolve(__dirname, '../../..');

const tmpDirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifaria-lock-'));
  tmpDirs.push(dir);
  return path.join(dir, 'pglite');
};
afterAll(() => tmpDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** The pid of a process that has exited. */
const deadPid = () => Number(execFileSync(process.execPath, ['-p', 'process.pid']).toString().trim());

const writeLock = (dir: string, holder: object | string) =>
  fs.writeFileSync(lockPathFor(dir), typeof holder === 'string' ? holder : JSON.stringify(holder));

/** Files next to the lock other than the lock itself: takeover markers or temporary files left behind. */
const litter = (dir: string) =>
  fs.readdirSync(path.dirname(dir)).filter((name) => name.startsWith(`${path.basename(dir)}.lock.`));

/**
 * A starter in its own process, for ROUNDS rounds (default 1). Each round: prints `ready <round>`, waits for the
 * file GO_DIR/<round> to appear (so that all starters start within a millisecond or so), calls acquireDataDirLock,
 * prints `<round> won` (then holds the lock 300 ms and releases it), `<round> locked` or `<round> error <message>`.
 * HOOK (optional): 'sleep-after-judged-stale' sleeps DELAYS[round] ms (comma-separated) between judging the lock
 * stale and taking it over, 'crash-when-guarded' dies (kill -9) holding the takeover marker, 'sleep-when-guarded'
 * prints `guarded` and sleeps DELAYS[round] ms there.
 */
const CHILD = `
const fs = require('node:fs');
const path = require('node:path');
const { acquireDataDirLock } = require(process.env.LOCK_MODULE);
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const print = (line) => fs.writeSync(1, line + '\\n');
const { LOCK_DIR, GO_DIR, HOOK, DELAYS = '', ROUNDS = '1' } = process.env;
for (let round = 0; round < Number(ROUNDS); round++) {
  const delay = Number(DELAYS.split(',')[round] || 0);
  const onTakeover = (step) => {
    if (HOOK === 'sleep-after-judged-stale' && step === 'judged-stale') sleep(delay);
    if (HOOK === 'crash-when-guarded' && step === 'guarded') process.kill(process.pid, 'SIGKILL');
    if (HOOK === 'sleep-when-guarded' && step === 'guarded') { print('guarded'); sleep(delay); }
  };
  print('ready ' + round);
  if (GO_DIR) while (!fs.existsSync(path.join(GO_DIR, String(round)))) sleep(1);
  let lock;
  try {
    lock = acquireDataDirLock(LOCK_DIR, { onTakeover });
  } catch (error) {
    print(round + (error.name === 'DataDirLockedError' ? ' locked' : ' error ' + error.message));
    continue;
  }
  print(round + ' won');
  sleep(300);
  lock.release();
}
`;

interface Child {
  pid: number;
  /** Resolves when the child printed this line. */
  printed(line: string): Promise<void>;
  /** Everything it printed, once it exited. */
  exited: Promise<string[]>;
}

function startChild(env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', CHILD], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOCK_MODULE, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiting: { line: string; resolve: () => void }[] = [];
  const lines = () => stdout.split('\n').filter(Boolean);
  child.stdout.setEncoding('utf8').on('data', (data: string) => {
    stdout += data;
    for (const wait of waiting.filter((w) => lines().includes(w.line))) wait.resolve();
  });
  child.stderr.setEncoding('utf8').on('data', (data: string) => (stderr += data));
  const exited = new Promise<string[]>((resolve) => child.on('close', () => resolve(lines())));
  return {
    pid: child.pid as number,
    printed: (line) =>
      new Promise<void>((resolve, reject) => {
        if (lines().includes(line)) return resolve();
        waiting.push({ line, resolve });
        void exited.then(() => reject(new Error(`child exited without printing ${line}: ${stdout}${stderr}`)));
      }),
    exited,
  };
}

describe('PGlite data directory lock: taking over a stale lock', () => {
  it('should let exactly one of several processes take over the same stale lock', async () => {
    const STARTERS = 8;
    const ROUNDS = 10;
    const dir = dataDir();
    const goDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rifaria-lock-go-'));
    tmpDirs.push(goDir);
    const stalePid = deadPid();
    // Even rounds: the natural race. Odd rounds: each starter pauses a different time (0 to 28 ms) between judging
    // the lock stale and taking it over, so that they take it over one after the other.
    const delays = (i: number) =>
      Array.from({ length: ROUNDS }, (_, round) => (round % 2 ? ((i + round) % STARTERS) * 4 : 0)).join(',');
    const children = Array.from({ length: STARTERS }, (_, i) =>
      startChild({
        LOCK_DIR: dir,
        GO_DIR: goDir,
        ROUNDS: String(ROUNDS),
        HOOK: 'sleep-after-judged-stale',
        DELAYS: delays(i),
      }),
    );
    for (let round = 0; round < ROUNDS; round++) {
      // Every starter is past the previous round (the winner released its lock) and waits for this one.
      await Promise.all(children.map((child) => child.printed(`ready ${round}`)));
      expect(fs.existsSync(lockPathFor(dir))).toBe(false);
      expect(litter(dir)).toEqual([]);
      writeLock(dir, { pid: stalePid, hostname: os.hostname(), startedAt: `round ${round}` });
      fs.writeFileSync(path.join(goDir, String(round)), '');
    }
    const results = (await Promise.all(children.map((child) => child.exited))).flat();
    const byRound = Array.from({ length: ROUNDS }, (_, round) =>
      results.filter((line) => line.startsWith(`${round} `)).sort(),
    );
    expect(byRound).toEqual(
      Array.from({ length: ROUNDS }, (_, round) => [
        ...Array<string>(STARTERS - 1).fill(`${round} locked`),
        `${round} won`,
      ]),
    );
    expect(fs.existsSync(lockPathFor(dir))).toBe(false);
    expect(litter(dir)).toEqual([]);
  }, 60_000);

  it('should still take over a stale lock after a process died in the middle of taking it over', async () => {
    const dir = dataDir();
    writeLock(dir, { pid: deadPid(), hostname: os.hostname(), startedAt: 'x' });
    const crashed = startChild({ LOCK_DIR: dir, HOOK: 'crash-when-guarded' });
    expect(await crashed.exited).toEqual(['ready 0']);
    const left = [`${path.basename(dir)}.lock.${crashed.pid}.`, `${path.basename(dir)}.lock.takeover-`];
    expect(litter(dir).sort()).toEqual([
      expect.stringMatching(new RegExp(`^${left[0]}\\d+\\.tmp$`)),
      expect.stringMatching(new RegExp(`^${left[1]}[0-9a-f]{16}\\.0$`)),
    ]);

    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
    // The crashed taker's marker is gone; only its temporary file stays.
    expect(litter(dir)).toEqual([expect.stringMatching(new RegExp(`^${left[0]}\\d+\\.tmp$`))]);
  }, 30_000);

  it('should wait for another live process taking over the same stale lock, at most about a second', async () => {
    const dir = dataDir();
    writeLock(dir, { pid: deadPid(), hostname: os.hostname(), startedAt: 'x' });
    const taker = startChild({ LOCK_DIR: dir, HOOK: 'sleep-when-guarded', DELAYS: '3000' });
    await taker.printed('guarded');

    const started = performance.now();
    expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`in use by process ${taker.pid} `));
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(2_500);

    expect(await taker.exited).toEqual(['ready 0', 'guarded', '0 won']);
    expect(fs.existsSync(lockPathFor(dir))).toBe(false);
    expect(litter(dir)).toEqual([]);
  }, 30_000);

  it('should take over an unreadable lock, and one with our own pid (a restarted container), leaving nothing behind', () => {
    for (const holder of ['{"pid": 12', '', { pid: process.pid, hostname: os.hostname(), startedAt: 'before' }]) {
      const dir = dataDir();
      writeLock(dir, holder);
      const lock = acquireDataDirLock(dir);
      expect(JSON.parse(fs.readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
      lock.release();
      expect(fs.existsSync(lock.path)).toBe(false);
      expect(litter(dir)).toEqual([]);
    }
  });

  it('should refuse a live holder with the same message as before, and never steal another host’s lock', () => {
    const dir = dataDir();
    const live = { pid: process.ppid, hostname: os.hostname(), startedAt: '2024-01-02T03:04:05.000Z' };
    writeLock(dir, live);
    expect(() => acquireDataDirLock(dir)).toThrow(
      `The database directory ${dir} is in use by process ${live.pid} on ${live.hostname} (since ${live.startedAt}). ` +
        'Stop that process first, use another DATA_DIR, or set DATABASE_URL to a PostgreSQL server to run several ' +
        `processes. If you are sure no process uses it, delete ${lockPathFor(dir)}.`,
    );

    // A pid that is dead here means nothing on another machine sharing the volume.
    const otherHost = { pid: deadPid(), hostname: `not-${os.hostname()}`, startedAt: 'x' };
    writeLock(dir, otherHost);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(JSON.parse(fs.readFileSync(lockPathFor(dir), 'utf8'))).toEqual(otherHost);
    expect(litter(dir)).toEqual([]);
  });

  it('should release only a lock that is still its own', () => {
    const dir = dataDir();
    const lock = acquireDataDirLock(dir);
    const other = { pid: process.ppid, hostname: os.hostname(), startedAt: 'x' };
    writeLock(dir, other);
    lock.release();
    expect(JSON.parse(fs.readFileSync(lock.path, 'utf8'))).toEqual(other);

    // Same pid and host but another start (say, an earlier run of a restarted container): not ours either.
    fs.rmSync(lock.path);
    const again = acquireDataDirLock(dir);
    const earlier = { ...JSON.parse(fs.readFileSync(again.path, 'utf8')), startedAt: 'an earlier start' };
    writeLock(dir, earlier);
    again.release();
    expect(JSON.parse(fs.readFileSync(again.path, 'utf8'))).toEqual(earlier);
  });
});
