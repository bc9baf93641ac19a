import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { blogPosts } from '#client/content/blog-posts.ts';
import { BlogPostArticle } from './blog-post.tsx';

export function BlogPage() {
  return (
    <>
      <PageMeta
        title="Blog"
        description="Answers from the Forgeline web team to common front-end questions: React state and performance, prototypal inheritance, unit tests and searching arrays in JavaScript."
      />
      <header className="bg-neutral text-neutral-content">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 md:py-14">
          <p className="text-primary text-sm font-semibold uppercase tracking-[0.2em]">
            Notes from the web team
          </p>
          <h1 className="text-3xl font-bold sm:text-4xl">Blog</h1>
          <p className="mt-3 max-w-2xl opacity-80">
            Plain answers to the front-end questions we are asked most often, by developers who join our web
            team and by the developers among our customers. Written by the people who build this shop.
          </p>
        </div>
      </header>
      <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-8 px-4 py-10 sm:px-6 md:py-14 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12">
        <nav aria-labelledby="blog-contents" className="lg:sticky lg:top-32 lg:self-start">
          <h2 id="blog-contents" className="text-accent text-sm font-semibold uppercase tracking-[0.2em]">
            In this blog
          </h2>
          <ol className="border-base-300 mt-3 space-y-1 border-l-2">
            {blogPosts.map((post, index) => (
              <li key={post.slug}>
                <a
                  href={`#${post.slug}`}
                  className="hover:border-primary hover:bg-base-200 -ml-0.5 flex gap-3 border-l-2 border-transparent py-1.5 pl-4 pr-2 text-sm leading-snug"
                >
                  <span className="text-base-content/70 font-mono" aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  {post.question}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="space-y-8">
          {blogPosts.map((post) => (
            <BlogPostArticle key={post.slug} post={post} />
          ))}
        </div>
      </div>
    </>
  );
}
