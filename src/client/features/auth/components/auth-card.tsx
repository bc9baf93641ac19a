import { Suspense, type ReactNode } from 'react';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { preloadAuthClient } from '#client/lib/auth-client.ts';
import type { AccountCard } from './account-cards.ts';

/**
 * The frame of the account screens: a card on the workshop-grey background. The first focus inside it (a field,
 * a button) brings Better Auth's client, which the screen's sending needs but its showing does not.
 */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="bg-base-200 flex flex-1 items-start justify-center px-4 py-12 sm:py-16">
      <PageMeta title={title} description={description} />
      <section
        className="card bg-base-100 border-base-300 w-full max-w-md border shadow-lg"
        onFocusCapture={preloadAuthClient}
      >
        <div className="hazard-stripe rounded-t-box h-1.5" aria-hidden="true" />
        <div className="card-body gap-5 p-6 sm:p-8">
          <h1 className="text-center text-3xl font-bold">{title}</h1>
          {children}
        </div>
      </section>
    </div>
  );
}

/**
 * An account screen's card around its form, whose code loads apart: the card and its title show with the app's
 * first paint and stay when the code comes, so the title (the page's largest text) is painted once, not again a
 * round trip later; the spinner holds the form's place meanwhile.
 */
export function AccountScreenCard({ card, children }: { card: AccountCard; children: ReactNode }) {
  return (
    <AuthCard {...card}>
      <Suspense fallback={<Spinner label="Loading the page" />}>{children}</Suspense>
    </AuthCard>
  );
}

export function ErrorText({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-error text-sm font-medium">
      {children}
    </p>
  );
}
