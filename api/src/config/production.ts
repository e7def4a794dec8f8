import type { Env } from './kinds';
import { ALL_SETTINGS } from './settings';

/** NODE_ENV=production's refusals and warnings: each setting's `production` rule, in declaration order. */

const valueOf = (env: Env, name: string): string | undefined => env[name]?.trim() || undefined;

/**
 * What NODE_ENV=production refuses to start with, each as one line naming the variable and what to do.
 * The demo's conveniences (generated secrets, the sandbox PSP, demo data, trusting no proxy by omission)
 * must each be replaced or named explicitly.
 */
export function productionProblems(env: Env): string[] {
  return Object.entries(ALL_SETTINGS).flatMap(([name, { production: rule }]) => {
    const value = valueOf(env, name);
    if (!rule) return [];
    if (value === undefined) return rule.required ? [rule.required] : [];
    return rule.check?.(value, env) ?? [];
  });
}

/**
 * Settings that are allowed but deserve a loud line at boot: what was named for a staging environment (a sandbox,
 * demo data), then the services left out.
 */
export function productionWarnings(env: Env): string[] {
  const rules = Object.entries(ALL_SETTINGS).flatMap(([name, { production: rule }]) =>
    rule ? [{ value: valueOf(env, name)?.toLowerCase(), rule }] : [],
  );
  return [
    ...rules.map(({ value, rule }) => rule.warn?.(value)),
    ...rules.map(({ value, rule }) => (value === undefined ? rule.warnUnset : undefined)),
  ].filter((warning): warning is string => warning !== undefined);
}

export function formatProductionProblems(problems: string[]): string {
  return [
    `NODE_ENV=production refuses to start: ${problems.length} setting(s) missing or unsafe (see .env.example):`,
    ...problems.map((problem) => `  - ${problem}`),
  ].join('\n');
}
