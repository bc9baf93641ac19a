-- An administrator may block an account: it can no longer sign in, and its sessions end (users.service.ts).
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;