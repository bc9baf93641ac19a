import { useState } from 'react';
import type { AdminReview } from '#shared/schemas/reviews.ts';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { PagedTable } from '#client/components/ui/paged-table.tsx';
import { SenderCard } from '#client/components/ui/sender-card.tsx';
import { Stars } from '#client/components/ui/stars.tsx';
import { readSearchAndPage, useListParams } from '#client/lib/list-params.ts';
import { useConfirmedAction } from '#client/lib/use-confirmed-action.ts';
import {
  useDeleteReview,
  useDeleteReviewsOf,
  useReviewsToManage,
} from '#client/features/reviews/api/manage-reviews.ts';
import { formatCount } from '#shared/number-format.ts';

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

/**
 * Every review, newest first and whole, searched by its words or its author, for the office to take down what
 * the shop should not show.
 */
export function ManageReviewsPage() {
  const list = useListParams();
  const query = readSearchAndPage(list.params);
  const { q } = query;
  const [authorAsked, setAuthorAsked] = useState('');
  const reviews = useReviewsToManage(query);
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

  const total = reviews.data?.total ?? 0;
  return (
    <PagedTable
      meta={{
        title: 'Reviews',
        description: "Every buyer's review, newest first, to delete what should not be shown.",
      }}
      query={reviews}
      loadingLabel="Loading the reviews"
      heading={
        total > 0 ? `${formatCount(total)} review(s)` : q ? `No reviews match “${q}”` : 'No reviews yet'
      }
      intro={
        total === 0 && !q
          ? 'Reviews that buyers post appear here, newest first.'
          : 'Newest first, as the home page shows them, but whole. A deleted review is gone from the home page at once; Delete all reviews by an author takes down everything one account posted.'
      }
      search={{ label: 'Search the reviews, their authors’ names and e-mails', value: q }}
      noMatches={{
        message: 'Try other words, a name or an e-mail, or clear the search to see every review again.',
        clearLabel: 'Clear the search',
      }}
      list={list}
      rows={reviews.data?.reviews ?? []}
      cards={(shown) => (
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
    >
      <ConfirmDialog {...confirmDelete.dialog} />
      <ConfirmDialog
        {...confirmDeleteAll.dialog}
        detail={`Every review by ${authorAsked} will be deleted, on every page.`}
      />
    </PagedTable>
  );
}
