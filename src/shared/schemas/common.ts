import { z } from 'zod';

/** A row named in the path, `/…/:id`. */
export const idParamsSchema = z.object({ id: z.string() });

// The spec's client reads these counts to tell whether anything changed.
export const insertedIdSchema = z.object({ insertedId: z.string() });
export const modifiedCountSchema = z.object({ modifiedCount: z.number().int() });
export const deletedCountSchema = z.object({ deletedCount: z.number().int() });

/** An upload of ours, as POST /api/uploads answers it. */
export const UPLOAD_URL_PATTERN = /^\/uploads\/[A-Za-z0-9_-]+\.webp$/;
