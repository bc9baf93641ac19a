import { SocialLinks } from '#client/components/ui/social-icons.tsx';
import { ContactDetails } from './contact-details.tsx';
import { ContactForm } from './contact-form.tsx';

/** The home page's Get In Touch block: how to reach us, and a form that does. */
export function GetInTouch() {
  return (
    <section aria-labelledby="get-in-touch" className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_1.4fr]">
        <div>
          <p className="text-primary text-sm font-semibold uppercase tracking-[0.2em]">
            Questions, quotes, bulk deals
          </p>
          <h2 id="get-in-touch" className="mt-1 text-3xl font-bold sm:text-4xl">
            Get In Touch
          </h2>
          <p className="mt-4 max-w-md opacity-85">
            Tell us what you need and in what quantity: our sales team answers every message within one
            working day.
          </p>
          <div className="mt-8">
            <ContactDetails showPhones={false} />
          </div>
          <SocialLinks className="mt-6 -ml-1" iconClassName="size-6" />
        </div>
        <div className="card bg-base-100 text-base-content shadow-xl">
          <div className="card-body">
            <ContactForm />
          </div>
        </div>
      </div>
    </section>
  );
}
