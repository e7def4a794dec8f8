/**
 * JSON Schemas of the replies. They document the API (OpenAPI) and drive fast-json-stringify, which
 * writes only the declared properties: a column added to a table can never leak by accident.
 * Requests are validated with valibot instead (see lib/valibot.ts).
 */

const nullableString = { type: ['string', 'null'] } as const;

export const errorReply = {
  type: 'object',
  description: 'Falha: mensagem em pt-BR e, em 422, erros por campo.',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean', const: false },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
} as const;

/**
 * A lookup whose "not found" is a normal outcome (a new buyer's phone, "Meus números" before a purchase): 200 with
 * found false, data null and the reason in message. A 404 would show as a console error in every browser.
 */
export const lookupReply = <T extends object>(data: T) =>
  ({
    type: 'object',
    required: ['success', 'found', 'data'],
    properties: {
      success: { type: 'boolean' },
      found: { type: 'boolean', description: 'false: nada encontrado (data null, motivo em message)' },
      message: { type: 'string' },
      data: { anyOf: [data, { type: 'null' }] },
    },
  }) as const;

export const messageReply = {
  type: 'object',
  required: ['success', 'message'],
  properties: { success: { type: 'boolean' }, message: { type: 'string' } },
} as const;

const formattedUser = {
  type: 'object',
  required: ['cpf', 'phone'],
  properties: { cpf: nullableString, phone: nullableString },
} as const;

export const userSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'email',
    'cpf',
    'phone',
    'birthdate',
    'email_verified_at',
    'wallets',
    'profile',
    'formatted',
  ],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    cpf: { ...nullableString, description: 'Somente dígitos' },
    phone: { ...nullableString, description: 'Somente dígitos (DDD + número)' },
    birthdate: { ...nullableString, description: 'AAAA-MM-DD' },
    email_verified_at: { ...nullableString, format: 'date-time' },
    wallets: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          is_active: { type: 'boolean' },
          wallet_type: { type: 'object', properties: { name: { type: 'string' } } },
          created_at: { type: 'string', format: 'date-time' },
        },
      },
    },
    profile: { type: 'object', required: ['description'], properties: { description: { type: 'string' } } },
    formatted: formattedUser,
  },
} as const;

export const authReply = {
  type: 'object',
  required: ['success', 'message', 'access_token', 'token_type', 'expires_at', 'user'],
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    access_token: { type: 'string', description: 'Enviar como "Authorization: Bearer <token>"' },
    token_type: { type: 'string', const: 'Bearer' },
    expires_at: { type: 'string', format: 'date-time' },
    user: userSchema,
  },
} as const;

export const meReply = {
  type: 'object',
  required: ['success', 'user'],
  properties: { success: { type: 'boolean' }, user: userSchema },
} as const;

export const profileReply = {
  type: 'object',
  required: ['success', 'user', 'formatted'],
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    user: userSchema,
    formatted: formattedUser,
  },
} as const;

const stateSchema = {
  type: 'object',
  required: ['id', 'name', 'abbreviation'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, abbreviation: { type: 'string' } },
} as const;

export const addressReply = {
  type: 'object',
  required: ['success', 'address', 'formatted'],
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    address: {
      type: 'object',
      required: ['zip_code', 'street', 'number', 'complement', 'neighborhood', 'city', 'state'],
      properties: {
        zip_code: { type: 'string', description: 'Somente dígitos' },
        street: { type: 'string' },
        number: { type: 'string' },
        complement: nullableString,
        neighborhood: { type: 'string' },
        city: { type: 'string' },
        state: stateSchema,
      },
    },
    formatted: { type: 'object', required: ['zip_code'], properties: { zip_code: { type: 'string' } } },
  },
} as const;

/** GET /api/auth/address: the address, or address and formatted null before one is saved (a normal state). */
export const addressLookupReply = {
  ...addressReply,
  properties: {
    ...addressReply.properties,
    address: { anyOf: [addressReply.properties.address, { type: 'null' }] },
    formatted: { anyOf: [addressReply.properties.formatted, { type: 'null' }] },
  },
} as const;

export const statesReply = {
  type: 'object',
  required: ['success', 'states'],
  properties: { success: { type: 'boolean' }, states: { type: 'array', items: stateSchema } },
} as const;

export const healthReply = {
  type: 'object',
  required: ['status', 'database'],
  properties: { status: { type: 'string' }, database: { type: 'string', enum: ['pglite', 'postgres'] } },
} as const;

/** Error replies every route may give; merged into each route's `response`. */
export const commonErrors = {
  400: errorReply,
  413: errorReply,
  415: errorReply,
  422: errorReply,
  429: errorReply,
  500: errorReply,
} as const;

export const authErrors = { ...commonErrors, 401: errorReply } as const;
