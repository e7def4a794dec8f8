import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support';
import { alive, buildVariant, deploy, topology } from './support';

// Issue 16: remotes that separate teams deploy independently, under the running nginx of `npm run staging`.
test.describe.configure({ mode: 'serial' });

const SUBTITLE = 'Seus dados pessoais, endereço e senha de acesso.';
const NEW_SUBTITLE = 'Seus dados pessoais, endereço e senha de acesso (nova versão).';
const TEXTS = 'src/features/profile/components/profile-texts.ts';
const OTHERS = ['shell', 'mf-campaigns', 'mf-wallet', 'mf-whatsapp', 'mf-public', 'mf-admin'];

/** What nginx serves for every other app's entry, and the processes: must not change. */
async function untouched(page: Page) {
  const entries: Record<string, string> = {};
  for (const app of OTHERS) {
    const url = app === 'shell' ? '/' : `/_mf/${app}/mf-manifest.json`;
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(200);
    entries[app] = await response.text();
  }
  const links = Object.fromEntries(OTHERS.map((app) => [app, fs.realpathSync(path.join(topology().www, app, 'dist'))]));
  return { entries, links };
}

function expectRunning() {
  const { pids } = topology();
  expect(Object.keys(pids).sort()).toEqual(['api-1', 'api-2', 'nginx', 'worker']);
  for (const [label, pid] of Object.entries(pids)) expect(alive(pid), `${label} (pid ${pid}) is running`).toBe(true);
}

test('a remote deployed alone: the next page load shows it, the shell and the other remotes stay, nothing restarts', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  expectRunning();
  const before = await untouched(page);
  const release = fs.realpathSync(path.join(topology().www, 'mf-profile/dist'));

  await signIn(page, DEMO.email, DEMO.password);
  await page.goto('/perfil');
  await expect(page.getByRole('heading', { name: 'Meus Dados', level: 1 })).toBeVisible();
  await expect(page.getByText(SUBTITLE)).toBeVisible();

  // A tab opened before the deploy, on another remote: it will open 'Meus Dados' only after the deploy.
  const openBefore = await browser.newPage({ storageState: await page.context().storageState() });
  await openBefore.goto('/campanhas');
  await expect(openBefore.getByRole('heading', { name: 'Campanhas', level: 1 })).toBeVisible();

  const build = await buildVariant('mf-profile', 'profile-next', {
    edit: { file: TEXTS, from: `'${SUBTITLE}'`, to: `'${NEW_SUBTITLE}'` },
  });
  const { stdout } = await deploy('mf-profile', build);
  expect(stdout).toMatch(/^mf-profile: \d+ files live from /);

  await page.reload();
  await expect(page.getByText(NEW_SUBTITLE)).toBeVisible();
  await expect(page.getByText(SUBTITLE, { exact: true })).toHaveCount(0);
  // The tab opened before: its shell fetches the (never cached) manifest when the route first renders.
  await openBefore.getByRole('button', { name: 'Abrir menu do usuário' }).click();
  await openBefore.getByRole('menuitem', { name: 'Perfil' }).click();
  await expect(openBefore.getByText(NEW_SUBTITLE)).toBeVisible();

  // Nothing else moved: the same shell and remotes byte for byte, the same processes.
  expect(await untouched(page)).toEqual(before);
  expectRunning();

  // Going back is the same operation.
  await deploy('mf-profile', null);
  expect(fs.realpathSync(path.join(topology().www, 'mf-profile/dist'))).toBe(release);
  await page.reload();
  await expect(page.getByText(SUBTITLE)).toBeVisible();
  await openBefore.close();
});

test('a remote built against an older @rifaria/shared still loads, with a console warning, and the rest works', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  const build = await buildVariant('mf-profile', 'profile-old-shared', { sharedVersion: '0.0.9' });
  const manifest = JSON.parse(fs.readFileSync(path.join(build, 'mf-manifest.json'), 'utf8')) as {
    shared: { name: string; version: string; requiredVersion?: string }[];
  };
  const ours = manifest.shared.filter((each) => each.name.startsWith('@rifaria/shared'));
  expect(ours.length).toBeGreaterThan(0);
  for (const each of ours) expect([each.name, each.version]).toEqual([each.name, '0.0.9']);
  await deploy('mf-profile', build);
  try {
    await signIn(page, DEMO.email, DEMO.password);
    await page.goto('/perfil');
    await expect(page.getByRole('heading', { name: 'Meus Dados', level: 1 })).toBeVisible();
    await expect(page.getByText(SUBTITLE)).toBeVisible();
    await expect
      .poll(() => warnings.filter((text) => text.includes('@rifaria/shared')).length, {
        message: `a warning names @rifaria/shared (warnings: ${warnings.join(' | ')})`,
      })
      .toBeGreaterThan(0);
    // The other sections keep working.
    await page.goto('/campanhas');
    await expect(page.getByRole('heading', { name: 'Campanhas', level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await deploy('mf-profile', null);
  }
});
