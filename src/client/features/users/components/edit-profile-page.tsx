import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from '#client/lib/toast.ts';
import { useLocation } from 'wouter';
import { errorText, messages } from '#shared/messages.ts';
import { profileUpdateSchema, type ProfileUpdate, type User } from '#shared/schemas/users.ts';
import { ErrorNotice } from '#client/components/ui/error-notice.tsx';
import { Field } from '#client/components/ui/form-field.tsx';
import { ImageUploadField } from '#client/components/ui/image-upload-field.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { texts } from '#client/lib/texts.ts';
import { useImageUpload } from '#client/lib/upload-image.ts';
import { useUpdateUser } from '#client/features/users/api/update-user.ts';
import { Avatar } from './avatar.tsx';
import { useProfile } from './use-profile.ts';

const TEXT_FIELDS = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'number', label: 'Number', autoComplete: 'tel' },
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
  { name: 'institute', label: 'Institute', autoComplete: 'organization' },
] as const;

function EditProfileForm({ user }: { user: User }) {
  const [, navigate] = useLocation();
  const update = useUpdateUser(user.email);
  const [file, setFile] = useState<File | null>(null);
  const { progress, upload } = useImageUpload();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { name: '', number: '', address: '', institute: '' },
  });

  const onSubmit = async (values: ProfileUpdate) => {
    try {
      // Empty fields keep what the profile has: only what was typed is sent.
      const changes: ProfileUpdate = Object.fromEntries(Object.entries(values).filter(([, value]) => value));
      if (file) changes.img = await upload(file);
      await update.mutateAsync(changes);
      toast.success(messages.profileUpdated);
      navigate('/dashboard/profile');
    } catch (caught) {
      setError('root', { message: errorText((caught as Error).message) });
    }
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      {TEXT_FIELDS.map((field) => (
        <Field key={field.name} label={field.label} error={errors[field.name]?.message}>
          {(props) => (
            <input
              {...props}
              {...register(field.name)}
              autoComplete={field.autoComplete}
              className="input w-full"
              placeholder={user[field.name] || 'N/A'}
            />
          )}
        </Field>
      ))}
      <Field label="Email">
        {(props) => <input {...props} name="email" className="input w-full" value={user.email} readOnly />}
      </Field>
      <ImageUploadField
        label="Update Image"
        name="image"
        hint="JPEG, PNG, WebP or GIF, at most 5 MB. Without one your picture stays."
        progress={progress}
        onFile={setFile}
      />
      {errors.root && (
        <p role="alert" className="text-error text-sm">
          {errors.root.message}
        </p>
      )}
      <LoadingButton loading={isSubmitting} className="btn btn-primary">
        Update
      </LoadingButton>
    </form>
  );
}

export function EditProfilePage() {
  const profile = useProfile();
  if (profile.isPending) return <LoadingImage label={texts.loadingProfile} />;
  if (profile.isError)
    return <ErrorNotice message={profile.error.message} onRetry={() => void profile.refetch()} />;
  return (
    <section className="card bg-base-100 border-base-300 max-w-2xl border shadow-sm">
      <PageMeta
        title="Edit Profile"
        description="Update your name, photo, education, location, phone and LinkedIn profile."
      />
      <div className="card-body gap-6">
        <div className="flex items-center gap-4">
          <Avatar src={profile.data.img} name={profile.data.name} size="size-16" />
          <h2 className="text-2xl font-bold">Edit your profile</h2>
        </div>
        <EditProfileForm user={profile.data} />
      </div>
    </section>
  );
}
