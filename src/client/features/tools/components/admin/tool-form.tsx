import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import { toolInputSchema, toolUpdateFieldsSchema, type ToolUpdateFields } from '#shared/schemas/tools.ts';
import { ImageUploadField } from '#client/components/ui/image-upload-field.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { uploadImage } from '#client/lib/upload-image.ts';

const FIELDS = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'price', label: 'Price ($ per piece)', type: 'number', step: '0.01' },
  { name: 'availableQuantity', label: 'AvailableQuantity', type: 'number', step: '1' },
  { name: 'minOrderQuantity', label: 'MinOrderQuantity', type: 'number', step: '1' },
] as const;

type Values = Record<'name' | 'price' | 'availableQuantity' | 'minOrderQuantity' | 'details', string>;
type Errors = Partial<Record<keyof Values | 'image', string>>;
const EMPTY: Values = { name: '', price: '', availableQuantity: '', minOrderQuantity: '', details: '' };

/** Form strings to the API's shape: empty is "not given", so the shared schema says which is required. */
function toPayload(values: Values, image: string | undefined) {
  const number = (value: string) => (value.trim() === '' ? undefined : Number(value));
  return {
    name: values.name.trim() || undefined,
    price: number(values.price),
    availableQuantity: number(values.availableQuantity),
    minOrderQuantity: number(values.minOrderQuantity),
    details: values.details,
    image,
  };
}

export type ToolFormValues = Values;

interface ToolFormProps {
  mode: 'add' | 'update';
  /** Update starts from the tool as it is. */
  initial?: Values;
  /** The tool's current picture (update: kept when no new photo is chosen). */
  currentImage?: string;
  submitLabel: string;
  onSave: (tool: ToolUpdateFields) => Promise<boolean>;
}

/** Add Products and Update share these fields; every message shows under its own field. */
export function ToolForm({ mode, initial = EMPTY, currentImage, submitLabel, onSave }: ToolFormProps) {
  const [values, setValues] = useState<Values>(initial);
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const schema = mode === 'add' ? toolInputSchema : toolUpdateFieldsSchema;

  const validate = (image: string | undefined) => {
    const result = schema.safeParse(toPayload(values, image));
    const found: Errors = {};
    for (const issue of result.error?.issues ?? []) found[issue.path[0] as keyof Errors] ??= issue.message;
    return { result, found };
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The photo is checked before it is sent: a stand-in path passes the pattern until the upload gives the real one.
    const { found } = validate(file ? '/uploads/pending.webp' : currentImage);
    if (!file && !currentImage) found.image = messages.imageRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      let image = currentImage;
      if (file) {
        setProgress(0);
        image = await uploadImage(file, setProgress);
      }
      const { result } = validate(image);
      if (result.success && (await onSave(result.data)) && mode === 'add') {
        setValues(EMPTY);
        setFile(null);
        setFileKey((key) => key + 1);
      }
    } catch (error) {
      setErrors({ image: (error as Error).message });
    } finally {
      setSaving(false);
      setProgress(null);
    }
  };

  const set = (name: keyof Values, value: string) => setValues((current) => ({ ...current, [name]: value }));
  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void onSubmit(event)}>
      {FIELDS.map((field) => (
        <Field key={field.name} label={field.label} error={errors[field.name]}>
          {(props) => (
            <input
              {...props}
              name={field.name}
              type={field.type}
              step={'step' in field ? field.step : undefined}
              min={field.type === 'number' ? 0 : undefined}
              className="input w-full"
              value={values[field.name]}
              onChange={(event) => set(field.name, event.target.value)}
            />
          )}
        </Field>
      ))}
      <Field label="Details" error={errors.details}>
        {(props) => (
          <textarea
            {...props}
            name="details"
            rows={4}
            className="textarea w-full"
            value={values.details}
            onChange={(event) => set('details', event.target.value)}
          />
        )}
      </Field>
      <ImageUploadField
        label="Photo"
        name="photo"
        error={errors.image}
        hint={
          mode === 'update'
            ? 'Leave empty to keep the current photo.'
            : 'JPEG, PNG, WebP or GIF, at most 5 MB.'
        }
        progress={progress}
        onFile={setFile}
        resetKey={fileKey}
      />
      <LoadingButton loading={saving} className="btn btn-primary w-fit">
        {submitLabel}
      </LoadingButton>
    </form>
  );
}
