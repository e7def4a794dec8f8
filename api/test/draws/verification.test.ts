import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commitmentOf, drawRifaria, ticketsHashOf } from '../../src/draws/algorithm';
import { QUICKNET, roundAt, roundTime, sandboxRound, verifyBeaconRound } from '../../src/draws/beacon';
import { drawFederal } from '../../src/draws/federal';
import {
  decodePaidBitmap,
  encodePaidBitmap,
  verifyDrawFile,
  type VerificationFile,
} from '../../src/draws/verification';
import { QUICKNET_ROUNDS } from '../support/drand-rounds';
import { forge, runVerifyDraw } from '../support/draws';

const seed = Buffer.alloc(32, 7);
const paid = [2, 5, 11, 40, 41, 77, 98];

function rifariaFile(): VerificationFile {
  const beacon = sandboxRound(12_345);
  const winners = drawRifaria({ seed, randomness: Buffer.from(beacon.randomness, 'hex'), numbers: paid, prizes: 3 });
  return {
    version: 1,
    campaign: { link: 'rifa-teste', name: 'Rifa teste', total_tickets: 100 },
    method: 'rifaria',
    prizes: [1, 2, 3].map((position) => ({ position, description: `Prêmio ${position}` })),
    paid_numbers: paid,
    tickets_hash: ticketsHashOf(paid),
    seed: seed.toString('hex'),
    commitment: commitmentOf(seed),
    beacon,
    winners: winners.map(({ position, number }) => ({ position, number })),
    drawn_at: '2026-11-24T12:00:00.000Z',
  };
}

function federalFile(): VerificationFile {
  const prizes = ['50366', '33514', '45504', '94365', '51105'];
  const all = Array.from({ length: 100 }, (_, i) => i);
  const winners = drawFederal({ totalTickets: 100, prizes, awards: 3, paid: all });
  return {
    ...rifariaFile(),
    method: 'federal',
    paid_numbers: all,
    tickets_hash: ticketsHashOf(all),
    seed: undefined,
    commitment: undefined,
    beacon: undefined,
    federal: { contest: 5732, prizes },
    winners: winners.map(({ position, number }) => ({ position, number })),
  };
}

describe('verification file', () => {
  it('checks out a correct Sorteio Rifaria file', () => {
    const report = verifyDrawFile(rifariaFile());
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.winners).toEqual(rifariaFile().winners);
  });

  it.each([
    [
      'a seed that is not the committed one',
      (f: VerificationFile) => ({ ...f, seed: '00'.repeat(32) }),
      'Compromisso (SHA-256 da semente)',
    ],
    [
      'a number added to the list',
      (f: VerificationFile) => ({ ...f, paid_numbers: [...f.paid_numbers!, 99] }),
      'Hash da lista de números pagos',
    ],
    [
      'another winner',
      (f: VerificationFile) => ({ ...f, winners: [{ position: 1, number: 98 }, ...f.winners.slice(1)] }),
      'Ganhadores recalculados',
    ],
    [
      'another beacon value',
      (f: VerificationFile) => ({ ...f, beacon: { ...f.beacon!, randomness: 'ab'.repeat(32) } }),
      'Rodada do beacon público',
    ],
  ])('fails on %s', (_label, tamper, failing) => {
    const report = verifyDrawFile(tamper(rifariaFile()));
    expect(report.ok).toBe(false);
    expect(report.checks.find((c) => !c.ok)?.label).toBe(failing);
  });

  it('checks out a Loteria Federal file and fails with another contest result', () => {
    expect(verifyDrawFile(federalFile()).ok).toBe(true);
    expect(verifyDrawFile(federalFile()).winners.map((w) => w.number)).toEqual([66, 14, 4]);
    const other = federalFile();
    other.federal = { contest: 5733, prizes: ['11111', '22222', '33333', '44444', '55555'] };
    expect(verifyDrawFile(other).ok).toBe(false);
  });

  it('answers malformed files with a failed check, never an exception', () => {
    for (const bad of [
      null,
      'x',
      [],
      { version: 2 },
      { ...rifariaFile(), paid_numbers: [3, 1] },
      { ...rifariaFile(), method: 'x' },
      { ...rifariaFile(), seed: 'zz' },
    ]) {
      const report = verifyDrawFile(bad);
      expect(report.ok).toBe(false);
    }
  });
});

describe('verification file, version 2 (the paid numbers as a bitmap)', () => {
  const v2 = (file: VerificationFile = rifariaFile()): VerificationFile => {
    const { paid_numbers: numbers, ...rest } = file;
    return {
      ...rest,
      version: 2,
      paid_count: numbers!.length,
      paid_bitmap: encodePaidBitmap(numbers!, file.campaign.total_tickets),
    };
  };

  it('round-trips the numbers and checks out like version 1 (a file of an earlier draw still verifies)', () => {
    expect(Array.from(decodePaidBitmap(encodePaidBitmap(paid, 100), 100)!)).toEqual(paid);
    expect(encodePaidBitmap([0, 7, 8], 9)).toBe(Buffer.from([0b1000_0001, 0b1000_0000]).toString('base64'));
    expect(verifyDrawFile(v2())).toMatchObject({ ok: true, winners: rifariaFile().winners });
    expect(verifyDrawFile(v2(federalFile())).ok).toBe(true);
    expect(verifyDrawFile(rifariaFile()).ok).toBe(true);
  });

  it('fails on a number added to the map (with or without its count) and on a malformed map', () => {
    const added = { ...v2(), paid_bitmap: encodePaidBitmap([...paid, 99], 100) };
    expect(verifyDrawFile(added).checks.at(-1)).toMatchObject({ ok: false, label: 'Formato do arquivo' });
    const counted = { ...added, paid_count: paid.length + 1 };
    expect(verifyDrawFile(counted).checks.find((c) => !c.ok)?.label).toBe('Hash da lista de números pagos');
    for (const bitmap of [
      undefined,
      'x',
      encodePaidBitmap(paid, 200), // another campaign's size
      encodePaidBitmap(paid, 100).slice(0, -1) + 'A', // not canonical base64
      encodePaidBitmap([...paid, 103], 104), // a number past the campaign's last (100 tickets: bits 100-103 padding)
    ]) {
      expect(verifyDrawFile({ ...v2(), paid_bitmap: bitmap }).ok).toBe(false);
    }
  });
});

describe('beacon rounds', () => {
  it('finds the first quicknet round at or after a time', () => {
    const round = roundAt(new Date('2026-11-24T15:00:00.000Z'));
    expect(roundTime(round).getTime()).toBeGreaterThanOrEqual(Date.parse('2026-11-24T15:00:00.000Z'));
    expect(roundTime(round - 1).getTime()).toBeLessThan(Date.parse('2026-11-24T15:00:00.000Z'));
    expect(roundTime(1).toISOString()).toBe('2023-08-23T15:09:27.000Z');
  });

  it('labels and checks sandbox rounds', () => {
    const round = sandboxRound(5);
    expect(round).toMatchObject({ source: 'sandbox', chain_hash: 'sandbox', round: 5 });
    expect(verifyBeaconRound(round)).toEqual({
      ok: true,
      detail: 'sandbox, rodada 5 (beacon de teste, não é público)',
    });
    expect(verifyBeaconRound({ ...round, round: 6 }).ok).toBe(false);
  });
});

describe('drand quicknet rounds', () => {
  const drand = (recorded: (typeof QUICKNET_ROUNDS)[number]) => ({
    source: 'drand',
    chain_hash: QUICKNET.chainHash,
    ...recorded,
  });

  it.each(QUICKNET_ROUNDS.map((r) => [r.round, r] as const))(
    'verifies the BLS signature of real round %d',
    (_round, recorded) => {
      expect(verifyBeaconRound(drand(recorded))).toEqual({
        ok: true,
        detail: `drand quicknet, rodada ${recorded.round}, assinatura BLS válida`,
      });
    },
  );

  it('rejects a round presented under another number, a changed signature and a wrong randomness', () => {
    const [first, second] = QUICKNET_ROUNDS;
    expect(verifyBeaconRound({ ...drand(first), round: first.round + 1 }).ok).toBe(false);
    // Another real signature (a valid curve point) with its own randomness, claimed for the wrong round.
    expect(verifyBeaconRound({ ...drand(second), round: first.round }).ok).toBe(false);
    const flipped = Buffer.from(first.signature, 'hex');
    flipped[20] = flipped[20]! ^ 1;
    const tampered = {
      ...drand(first),
      signature: flipped.toString('hex'),
      randomness: createHash('sha256').update(flipped).digest('hex'),
    };
    expect(verifyBeaconRound(tampered).ok).toBe(false);
    expect(verifyBeaconRound({ ...drand(first), randomness: second.randomness }).detail).toBe(
      'randomness ≠ SHA-256(signature)',
    );
    expect(verifyBeaconRound({ ...drand(first), chain_hash: 'ab'.repeat(32) }).ok).toBe(false);
  });

  it('checks out a draw file whose beacon is a real drand round', () => {
    const beacon = drand(QUICKNET_ROUNDS[2]!);
    const file = rifariaFile();
    const winners = drawRifaria({ seed, randomness: Buffer.from(beacon.randomness, 'hex'), numbers: paid, prizes: 3 });
    const report = verifyDrawFile({
      ...file,
      beacon,
      winners: winners.map(({ position, number }) => ({ position, number })),
    });
    expect(report.ok).toBe(true);
  });
});

describe('npm run verify-draw', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-draw-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const verify = (file: unknown, ...flags: string[]) => runVerifyDraw(dir, file, ...flags);

  it('prints the winners; without --commitment nor --link it shows the commitment in bold and exits 2', async () => {
    const good = await verify(federalFile());
    expect(good.code).toBe(2);
    expect(good.stdout).toContain('1º prêmio: 66\n2º prêmio: 14\n3º prêmio: 04\n');
    expect(good.stdout).toContain('Verificação INCOMPLETA');
    const rifaria = await verify(rifariaFile());
    expect(rifaria.code).toBe(2);
    expect(rifaria.stdout).toContain(`\x1b[1mCompromisso do arquivo: ${commitmentOf(seed)}\x1b[0m`);
    const bad = await verify({ ...federalFile(), winners: [{ position: 1, number: 65 }] });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('✘ Ganhadores recalculados');
  }, 120_000);

  it('catches a forged file (new seed, its SHA-256, recomputed winners) with the published --commitment', async () => {
    const forged = forge(rifariaFile());
    expect(verifyDrawFile(forged).ok).toBe(true); // it agrees with itself…
    const caught = await verify(forged, '--commitment', commitmentOf(seed));
    expect(caught.code).toBe(1); // …but not with what buyers were given before the draw.
    expect(caught.stdout).toContain(
      `✘ Compromisso publicado antes do sorteio: arquivo ${commitmentOf(Buffer.alloc(32, 9))}, publicado ${commitmentOf(seed)}`,
    );
    expect(caught.stdout).toContain('O sorteio NÃO confere');
    const genuine = await verify(rifariaFile(), `--commitment=${commitmentOf(seed).toUpperCase()}`);
    expect(genuine.code).toBe(0);
    expect(genuine.stdout).toContain('Sorteio verificado: tudo confere com o que foi publicado antes do sorteio.');
    const federal = await verify(federalFile(), '--commitment', commitmentOf(seed));
    expect(federal.code).toBe(1);
    expect(federal.stdout).toContain('o arquivo não tem compromisso');
  }, 120_000);

  it('refuses a malformed command with its usage and exit 2', async () => {
    for (const flags of [['--commitment', 'abc'], ['--commitment'], ['--link'], ['--other']]) {
      const reply = await verify(rifariaFile(), ...flags);
      expect(reply.code).toBe(2);
      expect(reply.stdout).toContain('Uso: npm run verify-draw');
    }
  }, 120_000);
});
