// What a visitor's browser downloads: for each page, the JS files requested and their gzip size
// (gzip -9 of the bytes served, so the figure does not depend on the server's compression settings).
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/chromium';
import { startServer } from './server';

// /p/<link of the demo campaign> that `npm start` publishes (api/src/demo.ts).
const PAGES = ['/login', '/cadastro', '/termos', '/p/rifa-demo-iphone-16-pro'];

/** `npm run bench -- page-weight [--arquivos] [/caminho ...]`: --arquivos also lists each file with its gzip size. */
export async function pageWeight(args: string[]): Promise<void> {
  const detail = args.includes('--arquivos');
  const paths = args.filter((arg) => arg !== '--arquivos');
  const pages = paths.length ? paths : PAGES;
  const server = await startServer(8190);
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    console.log('página'.padEnd(28), 'arquivos JS'.padStart(11), 'bruto KB'.padStart(10), 'gzip KB'.padStart(9));
    for (const pagePath of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts: Promise<{ url: string; body: Buffer }>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') {
          scripts.push(response.body().then((body) => ({ url: response.url(), body })));
        }
      });
      await page.goto(server.baseUrl + pagePath, { waitUntil: 'networkidle' });
      const files = await Promise.all(scripts);
      const bodies = files.map((file) => file.body);
      const raw = bodies.reduce((sum, b) => sum + b.length, 0);
      const gz = bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
      console.log(
        pagePath.padEnd(28),
        String(bodies.length).padStart(11),
        (raw / 1024).toFixed(1).padStart(10),
        (gz / 1024).toFixed(1).padStart(9),
      );
      if (detail) {
        const sized = files.map((file) => ({ ...file, gz: gzipSync(file.body, { level: 9 }).length }));
        for (const file of sized.sort((a, b) => b.gz - a.gz)) {
          console.log(`  ${new URL(file.url).pathname.padEnd(60)} ${(file.gz / 1024).toFixed(1).padStart(8)}`);
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
