import { useState } from 'react';
import type { AdminReview } from '#shared/schemas/reviews.ts';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { ErrorNotice } from '#client/components/ui/error-notice.tsx';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { SenderCard } from '#client/components/ui/sender-card.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { Stars } from '#client/components/ui/stars.tsx';
import { useListParams } from '#client/lib/list-params.ts';
import { useConfirmedAction } from '#client/lib/use-confirmed-action.ts';
import {
  useDeleteReview,
  useDeleteReviewsOf,
  useReviewsToManage,
} from '#client/features/reviews/api/manage-reviews.ts';

const count = new Intl.NumberFormat('en-US');

interface ReviewActions {
  onDelete: () => void;
  onDeleteAllOfAuthor: () => void;
}

function ReviewToManage({ review, onDelete, onDeleteAllOfAuthor }: { review: AdminReview } & ReviewActions) {
  return (
    <SenderCard
      id={`review-${review._id}`}
      name={review.user.displayName}
      email={review.user.email}
      createdAt={review.createdAt}
    >
      <p className="flex items-center gap-2 text-sm">
        <Stars rating={review.customRating} className="size-4" />
        <span className="text-base-content/70">rated {review.customRating} of 5</span>
      </p>
      <p className="whitespace-pre-line break-words">{review.review}</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline btn-error btn-sm min-h-11 max-sm:w-full"
          onClick={onDelete}
        >
          Delete review
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm min-h-11 max-sm:w-full"
          onClick={onDeleteAllOfAuthor}
        >
          Delete all reviews by {review.user.displayName}
        </button>
      </div>
    </SenderCard>
  );
}

/** Every review, newest first and whole, for the office to take down what the shop should not show. */
export function ManageReviewsPage() {
  const list = useListParams();
  const [authorAsked, setAuthorAsked] = useState('');
  const reviews = useReviewsToManage(list.page);
  const remove = useDeleteReview();
  const removeAll = useDeleteReviewsOf();
  const confirmDelete = useConfirmedAction(async (id) => (await remove.mutateAsync(id)).deletedCount, {
    done: 'The review was deleted.',
    refused: 'That review was already gone.',
  });
  const confirmDeleteAll = useConfirmedAction(async (id) => (await removeAll.mutateAsync(id)).deletedCount, {
    done: 'Their reviews were deleted.',
    refused: 'Their reviews were already gone.',
  });

  if (reviews.isPending) return <LoadingImage label="Loading the reviews" />;
  if (reviews.isError)
    return <ErrorNotice message={reviews.error.message} onRetry={() => void reviews.refetch()} />;

  const { reviews: shown, total, pageSize } = reviews.data;
  return (
    <section>
      <PageMeta
        title="Reviews"
        description="Every buyer's review, newest first, to delete what should not be shown."
      />
      <h2 aria-live="polite" className="mb-2 text-2xl font-bold">
        {total === 0 ? 'No reviews yet' : `${count.format(total)} review(s)`}
      </h2>
      <p className="text-base-content/75 mb-4 max-w-2xl">
        {total === 0
          ? 'Reviews that buyers post appear here, newest first.'
          : 'Newest first, as the home page shows them, but whole. A deleted review is gone from the home page at once; Delete all reviews by an author takes down everything one account posted.'}
      </p>
      {shown.length > 0 && (
        <ul className="grid gap-4" aria-label="Reviews">
          {shown.map((review) => (
            <ReviewToManage
              key={review._id}
              review={review}
              onDelete={() => confirmDelete.ask(review._id)}
              onDeleteAllOfAuthor={() => {
                setAuthorAsked(review.user.displayName);
                confirmDeleteAll.ask(review.user._id);
              }}
            />
          ))}
        </ul>
      )}
      {total > 0 && (
        <Pagination
          page={list.page}
          pageSize={pageSize}
          total={total}
          hrefFor={list.pageHref}
          pending={reviews.isPlaceholderData}
          label="Review pages"
        />
      )}
      <ConfirmDialog {...confirmDelete.dialog} />
      <ConfirmDialog
        {...confirmDeleteAll.dialog}
        detail={`Every review by ${authorAsked} will be deleted, on every page.`}
      />
    </section>
  );
}
