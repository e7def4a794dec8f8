/**
 * The body of a reply, up to `maxBytes` (the declared length first, then what actually arrives), as UTF-8 text.
 * Over the limit the body is cancelled and `fail(message)` is thrown (each client its own error: the drand and
 * federal-results clients', Evolution's).
 */
export async function readBounded(
  response: Response,
  maxBytes: number,
  fail: (message: string) => Error,
): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw fail(`reply of ${declared} bytes (limit ${maxBytes})`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw fail(`reply over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
