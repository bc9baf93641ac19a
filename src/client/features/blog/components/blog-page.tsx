import { blogPosts } from '#client/content/blog-posts.ts';
import { BlogPostArticle } from './blog-post.tsx';

/** The posts and their contents list, below the title block the router shows first (blog-frame.tsx). */
export function BlogPage() {
  return (
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
  );
}
