import os from 'node:os';
import type { AppConfig } from '../config';

/**
 * The one address every link Rifaria writes is built on: the panel's and the publish dialog's campaign links, the
 * buyer page's share links and link preview, the checkout's and the result's links, e-mails and WhatsApp messages,
 * Evolution's webhook. One rule, whatever request or worker writes the link (issue 30, item 12: the demo once put
 * the panel's links on the address the site was opened at and the messages' links on the machine's network address):
 *
 * 1. PUBLIC_URL when it is set (always in production);
 * 2. else (the demo) the machine's first network address when the process listens on every interface, so a phone on
 *    the same network opens every link, shared or received;
 * 3. else http://localhost:<PORT>.
 *
 * Never a request's Host or X-Forwarded-Host: a link goes to someone else, and a forged Host would make a
 * password-reset link carry its token to any site. `npm start` prints it ("Links: …").
 */
export function linkOriginOf(config: Pick<AppConfig, 'publicUrl' | 'port' | 'host'>): string {
  return config.publicUrl ?? networkOriginsOf(config)[0] ?? defaultOriginOf(config);
}

/** The configured PUBLIC_URL, or http://localhost:<PORT>: where the process answers on this machine. */
export function defaultOriginOf(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/** Where the machine answers on its network when it listens on every interface and PUBLIC_URL is unset (the demo). */
export function networkOriginsOf(config: Pick<AppConfig, 'publicUrl' | 'port' | 'host'>): string[] {
  if (config.publicUrl || !['0.0.0.0', '::'].includes(config.host)) return [];
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry && entry.family === 'IPv4' && !entry.internal)
    .map((entry) => `http://${entry!.address}:${config.port}`);
}
