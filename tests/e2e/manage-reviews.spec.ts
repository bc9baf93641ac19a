import { expect, test } from '@playwright/test';
import { demoAdmin, expectNoSeriousAxeFindings, postReviewsViaApi, signIn, signUpWith } from './support.ts';

test('an admin reads every review whole with its author’s e-mail, and deletes one, which the home page then no longer shows', async ({
  page,
  playwright,
}) => {
  const buyer = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const author = await signUpWith(buyer, 'Rex Rant');
  const text =
    `Terrible, do not buy anything here! ${Date.now().toString(36)} ${'Spam spam spam. '.repeat(6)}`.trim();
  await postReviewsViaApi(buyer, [
    { customRating: 4, review: 'A fair review that stays.' },
    { customRating: 1, review: text },
  ]);
  await buyer.dispose();

  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Buyer reviews' });
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.getByText(`“${text.slice(0, 50)}…”`)).toBeAttached();

  await signIn(page, demoAdmin);
  await page.goto('/dashboard/reviews');
  const entry = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Reviews' });
  await expect(entry).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: /^[\d,]+ review\(s\)$/ })).toBeVisible();
  const card = page.getByRole('article').first();
  await expect(card.getByRole('heading', { name: 'Rex Rant' })).toBeVisible();
  await expect(card.getByRole('link', { name: author.email })).toHaveAttribute(
    'href',
    `mailto:${author.email}`,
  );
  await expect(card.getByText(text, { exact: true })).toBeVisible();
  await expect(card.getByText('rated 1 of 5')).toBeVisible();
  await expectNoSeriousAxeFindings(page, 'the reviews to manage');

  await card.getByRole('button', { name: 'Delete review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are You Sure?' });
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(card.getByText(text, { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Delete review' }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('The review was deleted.')).toBeVisible();
  await expect(page.getByText(text, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('article').first().getByText('A fair review that stays.')).toBeVisible();

  await page.goto('/');
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.getByText('“A fair review that stays.”')).toBeAttached();
  await expect(carousel.getByText(`“${text.slice(0, 50)}…”`)).toHaveCount(0);
});

test('an admin deletes every review of one account in one step, and no one else’s', async ({
  page,
  playwright,
}) => {
  const spammer = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const name = `Sid Spam ${Date.now().toString(36)}`;
  await signUpWith(spammer, name);
  await postReviewsViaApi(
    spammer,
    ['Visit my shop instead', 'Cheaper bolts elsewhere', 'Spam spam spam'].map((review) => ({
      customRating: 5,
      review,
    })),
  );
  await spammer.dispose();
  const other = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await signUpWith(other, 'Olga Honest');
  await postReviewsViaApi(other, [{ customRating: 5, review: 'Honest words about good tools.' }]);
  await other.dispose();

  await signIn(page, demoAdmin);
  await page.goto('/dashboard/reviews');
  await page.getByLabel('Search the reviews, their authors’ names and e-mails').fill(name);
  await expect(page).toHaveURL(/\?q=Sid/);
  await expect(page.getByRole('heading', { name: '3 review(s)' })).toBeVisible();
  const byName = page.getByRole('article', { name });
  await expect(byName).toHaveCount(3);
  await expect(page.getByRole('article')).toHaveCount(3);
  await byName
    .first()
    .getByRole('button', { name: `Delete all reviews by ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Are You Sure?' });
  await expect(dialog).toHaveAccessibleDescription(`Every review by ${name} will be deleted, on every page.`);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Their reviews were deleted.')).toBeVisible();
  await expect(byName).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `No reviews match “${name}”` })).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(page.getByRole('article', { name: 'Olga Honest' })).toBeVisible();
  await expectNoSeriousAxeFindings(page, 'the reviews to manage after a deletion');
});
