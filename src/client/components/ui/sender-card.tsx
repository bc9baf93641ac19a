import type { ReactNode } from 'react';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface SenderCardProps {
  /** Unique on the page: the card is named by its heading. */
  id: string;
  /** The heading: who wrote it. */
  name: ReactNode;
  email: string;
  /** ISO time it was written. */
  createdAt: string;
  /** The card's border classes. */
  border?: string;
  children: ReactNode;
}

/** A list item of something a person wrote to the shop: who (with a mail link), when, then `children`. */
export function SenderCard({
  id,
  name,
  email,
  createdAt,
  border = 'border-base-300',
  children,
}: SenderCardProps) {
  return (
    <li>
      <article aria-labelledby={id} className={`card bg-base-100 border shadow-sm ${border}`}>
        <div className="card-body gap-3 p-4 sm:p-6">
          <header className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 id={id} className="font-bold">
                {name}
              </h3>
              <a className="link link-hover text-sm break-all" href={`mailto:${email}`}>
                {email}
              </a>
            </div>
            <time className="text-base-content/70 text-sm" dateTime={createdAt}>
              {when.format(new Date(createdAt))}
            </time>
          </header>
          {children}
        </div>
      </article>
    </li>
  );
}

/** The same time format, for other times on such a card. */
export const senderCardTime = (iso: string) => when.format(new Date(iso));
