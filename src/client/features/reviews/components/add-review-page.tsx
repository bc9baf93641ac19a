import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { messages } from '#shared/messages.ts';
import { reviewInputSchema } from '#shared/schemas/reviews.ts';
import { Field } from '#client/components/ui/form-field.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { StarRating } from '#client/components/ui/star-rating.tsx';
import { useSession } from '#client/lib/session.ts';
import { usePostReview } from '#client/features/reviews/api/post-review.ts';

export function AddReviewPage() {
  const user = useSession().data;
  const post = usePostReview();
  const [rating, setRating] = useState(5);
  const [text, setText] = useState('');
  const [error, setError] = useState('');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewInputSchema.safeParse({ customRating: rating, review: text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '');
    setError('');
    try {
      await post.mutateAsync(parsed.data);
      toast.success(messages.reviewThanks);
      setText('');
      setRating(5);
    } catch (caught) {
      toast.error((caught as Error).message);
    }
  };

  return (
    <section className="card bg-base-100 border-base-300 max-w-2xl border shadow-sm">
      <PageMeta
        title="Add Review"
        description="Rate Forgeline and tell other buyers about the tools and the service you got."
      />
      <form className="card-body gap-5" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div>
          <h2 className="text-2xl font-bold">Hello {user?.name}, how did we do?</h2>
          <p className="text-base-content/70">Tell other buyers about the tools and the service you got.</p>
        </div>
        <StarRating value={rating} onChange={setRating} />
        <Field label="Your review" error={error}>
          {(props) => (
            <textarea
              {...props}
              name="review"
              rows={5}
              className="textarea w-full"
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyUp={() =>
                error &&
                setError(reviewInputSchema.shape.review.safeParse(text).error?.issues[0]?.message ?? '')
              }
            />
          )}
        </Field>
        <LoadingButton loading={post.isPending} className="btn btn-primary w-fit">
          Submit review
        </LoadingButton>
      </form>
    </section>
  );
}
