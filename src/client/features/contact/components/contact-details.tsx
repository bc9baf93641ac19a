import { SHOP_CONTACT } from '#shared/shop-contact.ts';

/** The shop's postal address, e-mail addresses and phone numbers. */
export function ContactDetails({ showPhones = true }: { showPhones?: boolean }) {
  return (
    <dl className="grid gap-5">
      <div>
        <dt className="text-sm font-semibold uppercase tracking-[0.15em] opacity-75">
          Official contact address
        </dt>
        {[
          ['Sales and quotes', SHOP_CONTACT.email],
          ['Customer support', SHOP_CONTACT.supportEmail],
        ].map(([label, email]) => (
          <dd key={email} className="mt-1">
            {label}:{' '}
            <a href={`mailto:${email}`} className="link link-hover font-semibold">
              {email}
            </a>
          </dd>
        ))}
      </div>
      <div>
        <dt className="text-sm font-semibold uppercase tracking-[0.15em] opacity-75">Postal address</dt>
        <dd className="mt-1">
          <address className="not-italic">
            {SHOP_CONTACT.address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </dd>
      </div>
      {showPhones && (
        <div>
          <dt className="text-sm font-semibold uppercase tracking-[0.15em] opacity-75">Phone</dt>
          {SHOP_CONTACT.phones.map(({ label, number }) => (
            <dd key={label} className="mt-1">
              {label}:{' '}
              <a
                href={`tel:${number.replace(/[^+\d]/g, '')}`}
                className="link link-hover font-semibold whitespace-nowrap"
              >
                {number}
              </a>
            </dd>
          ))}
        </div>
      )}
    </dl>
  );
}
