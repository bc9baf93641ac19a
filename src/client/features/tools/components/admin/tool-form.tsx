import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  toolInputSchema,
  toolUpdateFieldsSchemaFor,
  type ToolUpdateFields,
  type ToolUpdateFieldsInput,
} from '#shared/schemas/tools.ts';
import { Field } from '#client/components/ui/form-field.tsx';
import { ImageUploadField } from '#client/components/ui/image-upload-field.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { optionalNumber } from '#client/lib/form-values.ts';
import { useImageUpload } from '#client/lib/upload-image.ts';

const FIELDS = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'price', label: 'Price ($ per piece)', type: 'number', step: '0.01' },
  { name: 'availableQuantity', label: 'AvailableQuantity', type: 'number', step: '1' },
  { name: 'minOrderQuantity', label: 'MinOrderQuantity', type: 'number', step: '1' },
] as const;

/** The photo is checked before it is sent: this stand-in passes the image rule until the upload gives the real one. */
const PENDING_UPLOAD = '/uploads/pending.webp';

/** An empty name is "not given": required when adding, kept as it is when updating. */
const optionalName = (text: string | undefined) => (text?.trim() ? text : undefined);

type ToolFields = ToolUpdateFieldsInput;
export type ToolFormValues = Omit<ToolFields, 'image'>;

interface ToolFormProps {
  mode: 'add' | 'update';
  /** Update starts from the tool as it is. */
  initial?: ToolFormValues;
  /** The tool's current picture (update: kept when no new photo is chosen). */
  currentImage?: string;
  submitLabel: string;
  onSave: (tool: ToolUpdateFields) => Promise<boolean>;
}

/** Add Products and Update share these fields; every message shows under its own field. */
export function ToolForm({ mode, initial, currentImage = '', submitLabel, onSave }: ToolFormProps) {
  const schema: z.ZodType<ToolUpdateFields, ToolFields> =
    mode === 'add' ? toolInputSchema : toolUpdateFieldsSchemaFor(initial?.availableQuantity ?? 0);
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const { progress, upload } = useImageUpload();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors, isSubmitted, isSubmitting },
  } = useForm<ToolFields, unknown, ToolUpdateFields>({
    resolver: zodResolver(schema),
    defaultValues: { details: '', ...initial, image: currentImage },
  });

  const onFile = (chosen: File | null) => {
    setFile(chosen);
    setValue('image', chosen ? PENDING_UPLOAD : currentImage, { shouldValidate: isSubmitted });
  };

  const onSubmit = async (tool: ToolUpdateFields) => {
    let image = tool.image;
    if (file) {
      try {
        image = await upload(file);
      } catch (error) {
        return setError('image', { message: (error as Error).message });
      }
    }
    if ((await onSave({ ...tool, image })) && mode === 'add') {
      reset();
      setFile(null);
      setFileKey((key) => key + 1);
    }
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      {FIELDS.map((field) => (
        <Field key={field.name} label={field.label} error={errors[field.name]?.message}>
          {(props) => (
            <input
              {...props}
              {...register(field.name, {
                setValueAs: field.type === 'number' ? optionalNumber : optionalName,
              })}
              type={field.type}
              step={'step' in field ? field.step : undefined}
              min={field.type === 'number' ? 0 : undefined}
              // A part's name and figures: the browser is not to offer the administrator's own name here.
              autoComplete="off"
              className="input w-full"
            />
          )}
        </Field>
      ))}
      <Field label="Details" error={errors.details?.message}>
        {(props) => <textarea {...props} {...register('details')} rows={4} className="textarea w-full" />}
      </Field>
      <ImageUploadField
        label="Photo"
        name="photo"
        error={errors.image?.message}
        hint={
          mode === 'update'
            ? 'Leave empty to keep the current photo.'
            : 'JPEG, PNG, WebP or GIF, at most 5 MB.'
        }
        progress={progress}
        onFile={onFile}
        resetKey={fileKey}
      />
      <LoadingButton loading={isSubmitting} className="btn btn-primary w-fit">
        {submitLabel}
      </LoadingButton>
    </form>
  );
}
