/**
 * Sends an image to POST /api/uploads and answers its URL. XMLHttpRequest rather than fetch, because only
 * it reports upload progress.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/uploads');
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      const body = request.response as { success?: boolean; data?: { url: string }; message?: string } | null;
      if (request.status === 200 && body?.success && body.data) resolve(body.data.url);
      else reject(new Error(body?.message ?? `The upload failed (${request.status})`));
    });
    request.addEventListener('error', () => reject(new Error('The upload failed: no connection')));
    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
}
