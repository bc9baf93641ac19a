import { faq } from '#client/content/faq.ts';

/** Three questions; each opens and closes its answer, and its sign turns from plus to minus. */
export function FaqAccordion() {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6">
      <div className="mb-8 text-center">
        <p className="text-accent text-sm font-semibold uppercase tracking-[0.2em]">Good to know</p>
        <h2 id="faq-heading" className="text-3xl font-bold sm:text-4xl">
          Frequently Asked Questions
        </h2>
      </div>
      <div className="grid gap-3">
        {faq.map(({ question, answer }) => (
          <details
            key={question}
            name="faq"
            className="collapse collapse-plus bg-base-100 border-base-300 rounded-box border"
          >
            <summary className="collapse-title pr-12 font-semibold">{question}</summary>
            <div className="collapse-content text-base-content/80">
              <p>{answer}</p>
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
