const paths = {
  Facebook:
    'M22 12a10 10 0 1 0-11.56 9.88v-6.99H7.9V12h2.54V9.8c0-2.5 1.49-3.89 3.78-3.89 1.09 0 2.24.2 2.24.2v2.46h-1.26c-1.24 0-1.63.77-1.63 1.56V12h2.78l-.44 2.89h-2.34v6.99A10 10 0 0 0 22 12Z',
  Twitter:
    'M18.9 2H22l-6.77 7.74L23.2 22h-6.23l-4.88-6.38L6.5 22H3.4l7.24-8.28L2.96 2h6.38l4.41 5.83L18.9 2Zm-1.09 18.13h1.72L8.28 3.76H6.43l11.38 16.37Z',
  LinkedIn:
    'M20.45 20.45h-3.55v-5.57c0-1.33-.03-3.04-1.85-3.04-1.86 0-2.14 1.45-2.14 2.94v5.67H9.36V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28ZM5.34 7.43a2.06 2.06 0 1 1 0-4.12 2.06 2.06 0 0 1 0 4.12ZM7.12 20.45H3.56V9h3.56v11.45ZM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0Z',
  YouTube:
    'M23.5 6.2a3 3 0 0 0-2.1-2.1C19.5 3.6 12 3.6 12 3.6s-7.5 0-9.4.5A3 3 0 0 0 .5 6.2 31 31 0 0 0 0 12a31 31 0 0 0 .5 5.8 3 3 0 0 0 2.1 2.1c1.9.5 9.4.5 9.4.5s7.5 0 9.4-.5a3 3 0 0 0 2.1-2.1A31 31 0 0 0 24 12a31 31 0 0 0-.5-5.8ZM9.6 15.6V8.4l6.3 3.6-6.3 3.6Z',
} as const;

export type SocialNetwork = keyof typeof paths;

export const socialProfiles: ReadonlyArray<{ network: SocialNetwork; href: string }> = [
  { network: 'Facebook', href: 'https://www.facebook.com/' },
  { network: 'Twitter', href: 'https://twitter.com/' },
  { network: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { network: 'YouTube', href: 'https://www.youtube.com/' },
];

export function SocialIcon({
  network,
  className = 'size-4',
}: {
  network: SocialNetwork;
  className?: string;
}) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
      <path d={paths[network]} />
    </svg>
  );
}

/** The shop's social profiles as a row of icon links. */
export function SocialLinks({
  className = '',
  iconClassName,
}: {
  className?: string;
  iconClassName?: string;
}) {
  return (
    <ul className={`flex items-center gap-3 ${className}`}>
      {socialProfiles.map(({ network, href }) => (
        <li key={network}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Forgeline on ${network}`}
            className="hover:text-primary inline-flex p-1 transition-colors"
          >
            <SocialIcon network={network} className={iconClassName} />
          </a>
        </li>
      ))}
    </ul>
  );
}
