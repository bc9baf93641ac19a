import { useState } from 'react';
import toast from '#client/lib/toast.ts';
import { Link } from 'wouter';
import { ErrorNotice } from '#client/components/ui/error-notice.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { authErrorText, callAuth } from '#client/lib/auth-client.ts';
import { texts } from '#client/lib/texts.ts';
import { Avatar } from './avatar.tsx';
import { useProfile } from './use-profile.ts';

const orNA = (value: string | null) => value || 'N/A';

export function ProfilePage() {
  const profile = useProfile();
  const [sending, setSending] = useState(false);
  if (profile.isPending) return <LoadingImage label={texts.loadingProfile} />;
  if (profile.isError)
    return <ErrorNotice message={profile.error.message} onRetry={() => void profile.refetch()} />;
  const user = profile.data;

  const resendVerification = async () => {
    setSending(true);
    const result = await callAuth((client) =>
      client.sendVerificationEmail({ email: user.email, callbackURL: '/dashboard/profile' }),
    );
    setSending(false);
    if (result.error) toast.error(authErrorText(result.error));
    else toast.success('We sent you a new confirmation link.');
  };

  const rows: Array<[string, string]> = [
    ['Name', orNA(user.name)],
    ['Email', user.email],
    ['Number', orNA(user.number)],
    ['Address', orNA(user.address)],
    ['Educational institution', orNA(user.institute)],
    ['Role', user.role === 'admin' ? 'Admin' : 'User'],
  ];

  return (
    <section className="card bg-base-100 border-base-300 max-w-2xl border shadow-sm">
      <PageMeta
        title="My Profile"
        description="Your name, e-mail, photo and contact details at Forgeline Tools & Parts."
      />
      <div className="card-body gap-6">
        <div className="flex flex-wrap items-center gap-5">
          <Avatar src={user.img} name={user.name} size="size-24" />
          <div>
            <h2 className="text-2xl font-bold">{user.name}</h2>
            <p className="text-base-content/70">{user.email}</p>
            <span className={`badge mt-2 ${user.role === 'admin' ? 'badge-primary' : 'badge-neutral'}`}>
              {user.role === 'admin' ? 'Admin' : 'User'}
            </span>
          </div>
        </div>
        <dl className="divide-base-300 divide-y">
          {rows.map(([label, value]) => (
            <div
              key={label}
              className="grid grid-cols-[10rem_1fr] gap-3 py-2.5 text-sm sm:grid-cols-[14rem_1fr]"
            >
              <dt className="text-base-content/70 font-semibold">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {!user.emailVerified && (
          <div className="alert alert-warning alert-soft flex-wrap text-sm">
            <span>Your e-mail address is not confirmed yet.</span>
            <LoadingButton
              type="button"
              loading={sending}
              className="btn btn-sm"
              onClick={() => void resendVerification()}
            >
              Send the link again
            </LoadingButton>
          </div>
        )}
        <div className="card-actions">
          <Link to={`/dashboard/my-profile/edit-profile/${user._id}`} className="btn btn-primary">
            Update Profile
          </Link>
        </div>
      </div>
    </section>
  );
}
