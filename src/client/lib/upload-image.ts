import { useState } from 'react';
import { api } from '#shared/api/contract.ts';
import type { EndpointOutput } from '#shared/api/contract.ts';
import { UPLOAD_FIELD, type UploadError } from '#shared/schemas/uploads.ts';
import { API_BASE } from './api-client.ts';

type UploadAnswer = EndpointOutput<typeof api.uploads.upload> | UploadError | null;

/**
 * Sends an image to the upload endpoint and answers its URL. XMLHttpRequest rather than fetch, because only
 * it reports upload progress.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  const { method, path } = api.uploads.upload;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `${API_BASE}${path}`);
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      const answer = request.response as UploadAnswer;
      if (request.status === 200 && answer?.success) return resolve(answer.data.url);
      reject(new Error(answer && !answer.success ? answer.message : `The upload failed (${request.status})`));
    });
    request.addEventListener('error', () => reject(new Error('The upload failed: no connection')));
    const form = new FormData();
    form.append(UPLOAD_FIELD, file);
    request.send(form);
  });
}

/** Uploads with the percent sent so far (null while no upload runs), for an ImageUploadField to show. */
export function useImageUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = async (file: File) => {
    setProgress(0);
    try {
      return await uploadImage(file, setProgress);
    } finally {
      setProgress(null);
    }
  };
  return { progress, upload };
}
