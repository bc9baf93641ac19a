import type { AnswerBlock, BlogPost } from '#client/content/blog-posts.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const WORDS_PER_MINUTE = 200;

function readingMinutes(answer: AnswerBlock[]): number {
  const text = answer.map((block) => (typeof block === 'string' ? block : block.code)).join(' ');
  return Math.max(1, Math.round(text.split(/\s+/).length / WORDS_PER_MINUTE));
}

/** A paragraph whose `backticked` parts are shown as code. */
function Paragraph({ text }: { text: string }) {
  // Splitting on a capturing group puts the code parts at the odd positions.
  const parts = text.split(/`([^`]+)`/);
  return (
    <p>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <code
            key={index}
            className="bg-base-200 rounded px-1.5 py-0.5 font-mono text-[0.875em] leading-none"
          >
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </p>
  );
}

export function BlogPostArticle({ post }: { post: BlogPost }) {
  const headingId = `${post.slug}-question`;
  return (
    <article
      id={post.slug}
      aria-labelledby={headingId}
      className="card border-base-300 bg-base-100 scroll-mt-24 border shadow-sm md:scroll-mt-32"
    >
      <div className="card-body gap-0 p-5 sm:p-10">
        <p className="text-base-content/75 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="badge badge-neutral badge-sm mr-1 font-semibold uppercase tracking-wide">
            {post.topic}
          </span>
          <span>{post.author}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={post.published}>{dateFormat.format(new Date(post.published))}</time>
          <span aria-hidden="true">·</span>
          <span>{readingMinutes(post.answer)} min read</span>
        </p>
        <h2 id={headingId} className="mt-4 text-2xl font-bold leading-tight sm:text-3xl">
          {post.question}
        </h2>
        <div className="text-base-content/90 mt-6 max-w-[70ch] space-y-5 break-words text-base leading-7 sm:text-[1.0625rem] sm:leading-8">
          {post.answer.map((block, index) =>
            typeof block === 'string' ? (
              <Paragraph key={index} text={block} />
            ) : (
              // Focusable so that keyboard users can scroll a long line sideways.
              <pre
                key={index}
                tabIndex={0}
                className="rounded-box border-primary bg-neutral text-neutral-content overflow-x-auto border-l-4 p-4 text-xs leading-6 sm:text-sm"
              >
                <code>{block.code}</code>
              </pre>
            ),
          )}
        </div>
      </div>
    </article>
  );
}
