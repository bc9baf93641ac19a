import { SHOP_CONTACT } from '#shared/shop-contact.ts';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { ContactDetails } from './contact-details.tsx';
import { ContactForm } from './contact-form.tsx';

export function ContactPage() {
  return (
    <>
      <PageMeta
        title="Contact"
        description="Reach Forgeline Tools & Parts: our postal address in Pittsburgh, the sales and support e-mail addresses, and phone numbers for sales, orders and technical support."
      />
      <section className="bg-neutral text-neutral-content">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
          <p className="text-primary text-sm font-semibold uppercase tracking-[0.2em]">We are here to help</p>
          <h1 className="mt-1 text-4xl font-extrabold sm:text-5xl">Contact</h1>
          <p className="mt-4 max-w-2xl text-lg opacity-85">
            Quotes for large quantities, questions about a part, or news about an order: write, call or visit
            our warehouse counter.
          </p>
        </div>
      </section>
      <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_1.4fr]">
        <div className="card bg-base-100 border-base-300 border shadow-sm">
          <div className="card-body">
            <h2 className="card-title text-2xl">Forgeline Tools &amp; Parts</h2>
            <ContactDetails />
            <p className="text-base-content/75 mt-2 text-sm">{SHOP_CONTACT.hours}</p>
          </div>
        </div>
        <div className="card bg-base-100 border-base-300 border shadow-sm">
          <div className="card-body">
            <h2 className="card-title text-2xl">Send us a message</h2>
            <ContactForm />
          </div>
        </div>
      </div>
    </>
  );
}
