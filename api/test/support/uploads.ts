/** Files to upload and the multipart/form-data bodies that carry them. */

export interface UploadFile {
  data: Buffer;
  filename: string;
  type: string;
}

/**
 * Real images (a 32×18 green-and-gold flag), small enough to inline: the sniffing recognises their magic bytes and
 * the banner upload decodes them with sharp (campaigns/banner-images.ts).
 */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAASCAMAAAANFixgAAAABlBMVEX5qCUufTIg1EeUAAAACXBIWXMAAAsTAAALEwEAmpwYAAAAGElEQVQokWNgRAMM6GBUAQSMhgMEEAoHAFmBASG9pKPIAAAAAElFTkSuQmCC',
  'base64',
);
export const JPEG = Buffer.from(
  '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAASACADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAcF/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/EABYBAQEBAAAAAAAAAAAAAAAAAAYHBf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AMMBmMVQwBNQ08ALE8UMATUN/9k=',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** A real multipart/form-data body, encoded by the platform's own FormData (what a browser sends). */
export async function formData(
  fields: Record<string, string>,
  files: Record<string, UploadFile> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
