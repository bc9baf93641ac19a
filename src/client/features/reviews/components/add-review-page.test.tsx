import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, signedIn, stubApi } from '#client/testing/api-stub.ts';
import { renderScreen } from '#client/testing/render-screen.tsx';
import { AddReviewPage } from './add-review-page.tsx';

const showReview = () => renderScreen(<AddReviewPage />, { url: '/dashboard/review' });

describe('the review form', () => {
  it('requires a review of at least 3 characters', async () => {
    stubApi({ 'GET /api/auth/get-session': signedIn() });
    const { user } = showReview();
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Please write your review')).toBeTruthy();
    await user.type(screen.getByLabelText('Your review'), 'ab');
    expect(await screen.findByText('Minimum 3 character required')).toBeTruthy();
  });

  it('posts the rating and the text, thanks the buyer and starts again', async () => {
    const sent = stubApi({
      'GET /api/auth/get-session': signedIn(),
      'POST /api/review': { status: 201, body: { insertedId: 'review-1' } },
    });
    const { user } = showReview();
    expect(await screen.findByRole('heading', { name: 'Hello Carla Reyes, how did we do?' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText('Your review'), 'Solid tools');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Thanks for your valuable feedback')).toBeTruthy();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      customRating: 4,
      review: 'Solid tools',
    });
    expect(screen.getByLabelText<HTMLTextAreaElement>('Your review').value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '5 stars' }).checked).toBe(true);
  });

  it("shows the server's refusal of a buyer without orders", async () => {
    const refusal = 'Dear Carla Reyes .Please,at least order one product for giving review';
    stubApi({ 'GET /api/auth/get-session': signedIn(), 'POST /api/review': apiError(403, refusal) });
    const { user } = showReview();
    await user.type(screen.getByLabelText('Your review'), 'Great shop!');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
  });
});
