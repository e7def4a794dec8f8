import * as v from 'valibot';

/**
 * The kinds of setting api/src/config/settings.ts declares: each turns the raw environment value (undefined when
 * unset) into a typed value through a valibot schema whose messages are the ones a person sees ("PORT must be an
 * integer >= 1 (got "x")"), and carries what the docs say about it (.env.example and the README's table are written
 * from it by scripts/config-docs.mjs).
 */

export type Env = Record<string, string | undefined>;

/** A default that differs between a deployment (NODE_ENV=production) and the demo. */
export interface ByMode<T> {
  production: T;
  demo: T;
}

/** What NODE_ENV=production says about a setting; run in declaration order by productionProblems/Warnings. */
export interface ProductionRule {
  /** Refused when unset (or blank): this line says what to set. */
  required?: string;
  /** Problems with a value that is set (trimmed, never blank). */
  check?: (value: string, env: Env) => string[];
  /** A warning at boot about the value (trimmed and lowercased; undefined when unset): a sandbox named, demo data. */
  warn?: (value: string | undefined) => string | undefined;
  /** A warning at boot when unset: a service left out. Listed after every `warn`. */
  warnUnset?: string;
}

/** A `check` rule from a check of one problem or null (the same check parsing makes, listed in production). */
export const asProblems =
  (check: (value: string) => string | null) =>
  (value: string): string[] => {
    const problem = check(value);
    return problem ? [problem] : [];
  };

/** A `warn` rule: `message` when the value is `expected` (a sandbox named, demo data on). */
export const warnWhen =
  (expected: string, message: string) =>
  (value: string | undefined): string | undefined =>
    value === expected ? message : undefined;

export interface Setting<T> {
  /** The valibot schema from the raw value to the typed value; its issues carry the user's message. */
  schema: (name: string, production: boolean) => v.GenericSchema<string | undefined, T>;
  /** One line: what it does (the README's "what", the comment above it in .env.example). */
  description: string;
  /** The README's "default" column. */
  docDefault: string;
  /** The value written in .env.example (the default unless the declaration shows a deployment's value). */
  example: string;
  /** Whether .env.example's line shows the default; when not, its comment says it ("Default: …"). */
  exampleIsDefault: boolean;
  production?: ProductionRule;
}

interface Doc {
  description: string;
  /** Overrides the default column written from the default. */
  docDefault?: string;
  /** Overrides the .env.example value written from the default. */
  example?: string;
  production?: ProductionRule;
}

/** Trailing slashes off. (?<!\/): a run of them is tried once, not once per slash (linear, not quadratic). */
export const withoutTrailingSlashes = (value: string): string => value.replace(/(?<!\/)\/+$/, '');

const code = (value: unknown): string => `\`${Array.isArray(value) ? value.join(',') : String(value)}\``;

const isByMode = (value: unknown): value is ByMode<unknown> =>
  typeof value === 'object' && value !== null && 'production' in value && 'demo' in value;

const resolve = <T>(value: T | ByMode<T>, production: boolean): T =>
  isByMode(value) ? ((production ? value.production : value.demo) as T) : (value as T);

function docDefaultOf(value: unknown): string {
  if (value === undefined) return '(unset)';
  if (isByMode(value)) {
    return `${code(value.production)} in production, else ${code(value.demo)}`;
  }
  if (Array.isArray(value) && value.length === 0) return '(none)';
  return value === '' ? "`''`" : code(value);
}

function exampleOf(value: unknown): string {
  if (value === undefined) return '';
  if (isByMode(value)) {
    return exampleOf(value.production);
  }
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** The raw value trimmed, or undefined when unset or blank (a blank line in an env file is no setting). */
const trimmed = v.transform((raw: string | undefined) => raw?.trim() || undefined);
const raw = v.optional(v.string());

function setting<T>(
  doc: Doc,
  /** The default, for the docs (the schema applies it). */
  fallback: unknown,
  schema: (name: string, production: boolean) => v.GenericSchema<string | undefined, T>,
): Setting<T> {
  return {
    schema,
    description: doc.description,
    docDefault: doc.docDefault ?? docDefaultOf(fallback),
    example: doc.example ?? exampleOf(fallback),
    exampleIsDefault:
      doc.docDefault === undefined &&
      !isByMode(fallback) &&
      (doc.example ?? exampleOf(fallback)) === exampleOf(fallback),
    production: doc.production,
  };
}

/**
 * Unset gives the fallback, which goes through `inner` like a value from the environment would (valibot's
 * optional runs its default through the wrapped schema): a default is checked and shaped as the value it stands for.
 */
function orDefault<T>(inner: v.GenericSchema<string, T>, fallback: unknown): v.GenericSchema<string | undefined, T> {
  if (fallback === undefined) return v.optional(inner) as never;
  return v.optional(inner, Array.isArray(fallback) ? fallback.join(',') : String(fallback)) as never;
}

/** Free text, trimmed; unset or blank gives the default (undefined without one). */
export function text(doc: Doc & { default: string | ByMode<string> }): Setting<string>;
export function text(doc: Doc): Setting<string | undefined>;
export function text(doc: Doc & { default?: string | ByMode<string> }): Setting<string | undefined> {
  return setting(doc, doc.default, (_name, production) => {
    const fallback = doc.default === undefined ? undefined : resolve(doc.default, production);
    return v.pipe(raw, trimmed, orDefault(v.string(), fallback)) as never;
  });
}

/** Text taken as it is, spaces and all (a certificate's passphrase). */
export function verbatim(doc: Doc): Setting<string | undefined> {
  return setting<string | undefined>(doc, undefined, () => raw);
}

/** A whole number from `min` (and up to `max`: a percentage). */
export function int(doc: Doc & { default: number; min: number; max?: number }): Setting<number> {
  const { min, max } = doc;
  return setting(doc, doc.default, (name) => {
    const whole = v.pipe(
      v.string(),
      v.check(
        (value) => Number.isInteger(Number(value)) && Number(value) >= min,
        (issue) => `${name} must be an integer >= ${min} (got "${String(issue.input)}")`,
      ),
      v.transform(Number),
    );
    const steps =
      max === undefined
        ? whole
        : v.pipe(
            whole,
            v.maxValue(
              max,
              (issue) => `${name} must be a percentage from ${min} to ${max} (got "${String(issue.input)}")`,
            ),
          );
    return v.pipe(raw, trimmed, orDefault(steps, doc.default));
  });
}

/** A count or a limit: a whole number from 1. */
export const positive = (description: string, fallback: number): Setting<number> =>
  int({ description, default: fallback, min: 1 });

/** A whole percentage, 1 to 100. */
export const percent = (doc: Doc & { default: number }): Setting<number> => int({ ...doc, min: 1, max: 100 });

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

/** true/false (also 1/0, yes/no, on/off; any case). Without a default, unset stays undefined. */
export function bool(doc: Doc & { default: boolean | ByMode<boolean> }): Setting<boolean>;
export function bool(doc: Doc): Setting<boolean | undefined>;
export function bool(doc: Doc & { default?: boolean | ByMode<boolean> }): Setting<boolean | undefined> {
  return setting(doc, doc.default, (name, production) => {
    const steps = v.pipe(
      v.string(),
      v.transform((value) => value.toLowerCase()),
      v.check(
        (value) => TRUE.includes(value) || FALSE.includes(value),
        (issue) => `${name} must be true or false (got "${String(issue.input)}")`,
      ),
      v.transform((value) => TRUE.includes(value)),
    );
    const fallback = doc.default === undefined ? undefined : resolve(doc.default, production);
    return v.pipe(raw, trimmed, orDefault(steps, fallback)) as never;
  });
}

/** A comma-separated list, each entry trimmed, empty entries dropped; every entry through `each` when given. */
export function list(
  doc: Doc & { default: string[] | ByMode<string[]>; each?: (name: string) => v.GenericSchema<string, string> },
): Setting<string[]> {
  return setting(doc, doc.default, (name, production) => {
    const entry = doc.each?.(name) ?? v.string();
    const items = v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
      v.array(entry),
    );
    return v.pipe(raw, trimmed, orDefault(items, resolve(doc.default, production)));
  });
}

/**
 * One of `choices`, any case. The message names them ("X must be a or b (got "c")", the value cut at `echo`
 * characters); `say` words them otherwise, and `alias` maps extra accepted spellings onto a choice.
 */
export function choice<const C extends string>(
  doc: Doc & {
    choices: readonly C[];
    default: C | ByMode<C>;
    echo?: number;
    say?: string;
    alias?: Record<string, C>;
  },
): Setting<C> {
  const accepted = [...doc.choices, ...Object.keys(doc.alias ?? {})];
  return setting(doc, doc.default, (name, production) => {
    const steps = v.pipe(
      v.string(),
      v.transform((value) => value.toLowerCase()),
      v.check(
        (value) => accepted.includes(value),
        (issue) =>
          `${name} must be ${doc.say ?? doc.choices.join(' or ')} (got "${String(issue.input).slice(0, doc.echo ?? 40)}")`,
      ),
      v.transform((value) => doc.alias?.[value] ?? (value as C)),
    );
    return v.pipe(raw, trimmed, orDefault(steps, resolve(doc.default, production)));
  });
}

/**
 * A service with a real provider and an offline sandbox: the real one in production, the sandbox otherwise; a
 * deployment that names the sandbox (staging) gets `warning` at boot.
 */
export function realOrSandbox<const R extends string>(doc: Doc & { real: R; warning: string }): Setting<R | 'sandbox'> {
  return choice<R | 'sandbox'>({
    ...doc,
    choices: [doc.real, 'sandbox'],
    default: { production: doc.real, demo: 'sandbox' },
    production: { warn: warnWhen('sandbox', doc.warning) },
  });
}

/** Whether `value` parses as an http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** An http(s) URL, without its trailing slashes. */
export const httpUrl = (name: string): v.GenericSchema<string, string> =>
  v.pipe(
    v.string(),
    v.check(isHttpUrl, (issue) => `${name} must be an http(s) URL (got "${String(issue.input)}")`),
    v.transform(withoutTrailingSlashes),
  );

/** An http(s) base URL setting, without its trailing slash. */
export function url(doc: Doc & { default: string }): Setting<string>;
export function url(doc: Doc): Setting<string | undefined>;
export function url(doc: Doc & { default?: string }): Setting<string | undefined> {
  return setting(doc, doc.default, (name) => v.pipe(raw, trimmed, orDefault(httpUrl(name), doc.default)));
}

/**
 * Anything else: `check` says what is wrong with a set value (trimmed, not blank), or null; `parse` then makes the
 * value (with undefined when unset).
 */
export function custom<T>(
  doc: Doc & {
    default?: string;
    check?: (value: string, name: string) => string | null;
    parse: (value: string | undefined) => T;
  },
): Setting<T> {
  return setting<T>(doc, doc.default, (name) => {
    const problem = (value: string | undefined): string | null =>
      value === undefined ? null : (doc.check?.(value, name) ?? null);
    return v.pipe(
      raw,
      trimmed,
      v.check(
        (value) => problem(value) === null,
        (issue) => problem(issue.input as string | undefined) ?? '',
      ),
      v.transform(doc.parse),
    );
  });
}

export type Settings = Record<string, Setting<unknown>>;
export type ValuesOf<S extends Settings> = { [K in keyof S]: S[K] extends Setting<infer T> ? T : never };

/** Every setting parsed with valibot: the values, or the first problem's message (in declaration order). */
export function parseSettings<S extends Settings>(
  settings: S,
  env: Env,
  production: boolean,
): { values: ValuesOf<S> } | { problem: string } {
  const schema = v.object(
    Object.fromEntries(Object.entries(settings).map(([name, item]) => [name, item.schema(name, production)])),
  );
  // Every name present (undefined when unset): valibot's object skips a missing key instead of applying its default.
  const input = Object.fromEntries(Object.keys(settings).map((name) => [name, env[name]]));
  const result = v.safeParse(schema, input, { abortEarly: true });
  if (!result.success) return { problem: result.issues[0].message };
  return { values: result.output as ValuesOf<S> };
}
