import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import toast from '#client/lib/toast.ts';
import { messages } from '#shared/messages.ts';
import { reviewInputSchema, type ReviewInput } from '#shared/schemas/reviews.ts';
import { Field } from '#client/components/ui/form-field.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { StarRating } from '#client/components/ui/star-rating.tsx';
import { useSession } from '#client/lib/session.ts';
import { usePostReview } from '#client/features/reviews/api/post-review.ts';

export function AddReviewPage() {
  const user = useSession().data;
  const post = usePostReview();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReviewInput>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: { customRating: 5, review: '' },
  });

  const onSubmit = async (review: ReviewInput) => {
    try {
      await post.mutateAsync(review);
      toast.success(messages.reviewThanks);
      reset();
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
      <form className="card-body gap-5" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <div>
          <h2 className="text-2xl font-bold">Hello {user?.name}, how did we do?</h2>
          <p className="text-base-content/70">Tell other buyers about the tools and the service you got.</p>
        </div>
        <Controller
          name="customRating"
          control={control}
          render={({ field }) => <StarRating value={field.value} onChange={field.onChange} />}
        />
        <Field label="Your review" error={errors.customRating?.message ?? errors.review?.message}>
          {(props) => <textarea {...props} {...register('review')} rows={5} className="textarea w-full" />}
        </Field>
        <LoadingButton loading={isSubmitting} className="btn btn-primary w-fit">
          Submit review
        </LoadingButton>
      </form>
    </section>
  );
}
