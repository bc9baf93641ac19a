import { Field } from './form-field.tsx';

interface ImageUploadFieldProps {
  label: string;
  name: string;
  hint: string;
  error?: string | undefined;
  /** Percent uploaded while an upload runs, otherwise null. */
  progress: number | null;
  onFile: (file: File | null) => void;
  /** Changing it empties the file input (after a successful save). */
  resetKey?: number;
}

/** A picture to send through POST /api/uploads, with the upload's progress under it. */
export function ImageUploadField({
  label,
  name,
  hint,
  error,
  progress,
  onFile,
  resetKey,
}: ImageUploadFieldProps) {
  return (
    <>
      <Field label={label} error={error} hint={hint}>
        {(props) => (
          <input
            {...props}
            key={resetKey}
            type="file"
            name={name}
            accept="image/jpeg,image/png,image/webp,image/gif"
            className="file-input w-full"
            onChange={(event) => onFile(event.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      {progress !== null && (
        <div>
          <p className="mb-1 text-sm">Uploading the picture: {progress}%</p>
          <progress
            className="progress progress-primary w-full"
            value={progress}
            max={100}
            aria-label="Upload progress"
          />
        </div>
      )}
    </>
  );
}
