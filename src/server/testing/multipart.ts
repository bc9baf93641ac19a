import type { App } from '#server/app.ts';

export interface Part {
  field: string;
  data: Buffer | string;
  /** Makes the part a file. */
  filename?: string;
  type?: string;
}

/** A multipart body as a browser's FormData would send it. */
export async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const { field, data, filename, type } of parts) {
    if (filename === undefined) form.append(field, String(data));
    else
      form.append(
        field,
        new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }),
        filename,
      );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? '',
  };
}

/** Sends `jpeg` as the shop's image field does, with a signed-in page's headers. */
export async function uploadJpeg(app: App, headers: Record<string, string>, jpeg: Buffer) {
  const { payload, contentType } = await multipart([
    { field: 'image', data: jpeg, filename: 'photo.jpg', type: 'image/jpeg' },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}
