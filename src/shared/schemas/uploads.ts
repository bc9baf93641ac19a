import { z } from 'zod';
import { UPLOAD_URL_PATTERN } from './common.ts';

/** The multipart field POST /api/uploads reads the image from. */
export const UPLOAD_FIELD = 'image';
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TOO_LARGE_MESSAGE = 'The image must be at most 5 MB';

/** The answer of the image-hosting service the spec's client was written against, kept as it was. */
export const uploadResultSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string().regex(UPLOAD_URL_PATTERN) }),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const uploadErrorSchema = z.object({ success: z.literal(false), message: z.string() });
export type UploadError = z.infer<typeof uploadErrorSchema>;
