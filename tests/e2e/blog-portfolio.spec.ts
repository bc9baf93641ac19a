import { expect, test, type Locator, type Page } from '@playwright/test';
import { blogPosts } from '#client/content/blog-posts.ts';
import {
  education,
  hobbies,
  projects,
  skills,
  softSkills,
  typedTitles,
  workHistory,
} from '#client/content/portfolio.ts';
import { expectNoSeriousAxeFindings, holdRequests } from './support.ts';

/** How much of a skill bar's track is filled, from 0 to 1. */
function filled(bar: Locator) {
  return bar.evaluate(
    (track) => track.firstElementChild!.getBoundingClientRect().width / track.getBoundingClientRect().width,
  );
}

async function openPortfolio(page: Page) {
  await page.goto('/my-portfolio');
  await expect(page.getByRole('heading', { level: 1, name: 'Maya Kowalski' })).toBeVisible();
}

const lastSkill = skills.at(-1)!;
const firstTitle = typedTitles[0]!;

test("the blog's title block shows while the posts' code is still on its way, and stays when it comes", async ({
  page,
}) => {
  await page.goto('/');
  const release = await holdRequests(page, /\/assets\/blog-page-[\w-]+\.js$/);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
  const intro = page.getByText('Plain answers to the front-end questions');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(intro).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading the posts' })).toBeAttached();
  await expect(page.getByRole('article')).toHaveCount(0);
  // The introduction painted first is the page's largest text: replaced, it would be painted again later.
  await intro.evaluate((paragraph) => Object.assign(paragraph, { paintedFirst: true }));

  release();
  await expect(page.getByRole('article')).toHaveCount(6);
  expect(await intro.evaluate((paragraph) => 'paintedFirst' in paragraph)).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Loading the posts' })).toHaveCount(0);
});

test('opened by its address, the blog shows its posts as written before their code comes, and keeps them', async ({
  page,
}) => {
  const release = await holdRequests(page, /\/assets\/blog-page-[\w-]+\.js$/);
  await page.goto('/blog');
  await expect(page.getByText('Plain answers to the front-end questions')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(6);
  await expect(page.getByRole('status')).toHaveCount(0);

  const arrived = page.waitForResponse(/\/assets\/blog-page-[\w-]+\.js$/);
  release();
  await arrived;
  await expect(page.getByRole('article')).toHaveCount(6);
  await expect(page.getByRole('status')).toHaveCount(0);
});

test('the blog shows six question-and-answer posts, each an article with its question', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(page).toHaveTitle(/^Blog \| /);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /front-end questions/);

  const articles = page.getByRole('article');
  await expect(articles).toHaveCount(6);
  await expect(articles.getByRole('heading', { level: 2 })).toHaveText(
    blogPosts.map((post) => post.question),
  );
  for (const article of await articles.all()) {
    await expect(article.getByRole('paragraph').nth(2)).toBeVisible();
  }

  const contents = page.getByRole('navigation', { name: 'In this blog' }).getByRole('link');
  await expect(contents).toHaveCount(blogPosts.length);
  for (const [index, post] of blogPosts.entries()) {
    await expect(contents.nth(index)).toHaveAccessibleName(post.question);
  }
  await contents.nth(2).click();
  await expect(page).toHaveURL(/\/blog#prototypal-inheritance$/);
  await expect(page.getByRole('heading', { level: 2, name: blogPosts[2]!.question })).toBeInViewport();
});

test('the portfolio types the first title character by character, then deletes it', async ({ page }) => {
  await openPortfolio(page);
  await expect(page).toHaveTitle(/^Portfolio \| /);
  // Screen readers get every title at once; the animation itself is hidden from them.
  await expect(page.getByText(typedTitles.join(', '))).toHaveClass(/sr-only/);
  const typed = page.getByTestId('typed-title');
  await expect(typed.locator('xpath=..')).toHaveAttribute('aria-hidden', 'true');

  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const text = (await typed.textContent()) ?? '';
        seen.add(text);
        return text;
      },
      { intervals: [50] },
    )
    .toBe(firstTitle);
  expect([...seen].every((text) => firstTitle.startsWith(text))).toBe(true);
  const partial = [...seen].filter((text) => text.length > 0 && text.length < firstTitle.length);
  expect(partial.length).toBeGreaterThan(5);

  // After the pause the same title is deleted from its end.
  await expect.poll(async () => (await typed.textContent()) ?? '', { intervals: [50] }).not.toBe(firstTitle);
  expect(firstTitle.startsWith((await typed.textContent()) ?? '')).toBe(true);
});

test('skill bars fill to their level once scrolled into view', async ({ page }) => {
  await openPortfolio(page);
  const bars = page.getByRole('progressbar');
  await expect(bars).toHaveCount(skills.length);

  const bar = page.getByRole('progressbar', { name: lastSkill.name });
  await expect(bar).toHaveAttribute('aria-valuenow', String(lastSkill.level));
  await expect(bar).toHaveAttribute('aria-valuemin', '0');
  await expect(bar).toHaveAttribute('aria-valuemax', '100');
  await expect(bar).toHaveAttribute('aria-valuetext', `${lastSkill.level} of 100, basic`);
  await expect(bar).not.toBeInViewport();
  expect(await filled(bar)).toBe(0);

  await bar.scrollIntoViewIfNeeded();
  await expect.poll(() => filled(bar)).toBeCloseTo(lastSkill.level / 100, 2);
  const skill = page.getByRole('listitem').filter({ has: bar });
  await expect(skill).toContainText(String(lastSkill.level));
  await expect(skill).toContainText('basic');
});

test('the portfolio lists projects, work history, education, soft skills and hobbies', async ({ page }) => {
  await openPortfolio(page);
  for (const name of [
    'Personal data',
    'Skills',
    'Projects',
    'Work history',
    'Education',
    'Soft skills',
    'Hobbies',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'maya.kowalski@example.com' })).toHaveAttribute(
    'href',
    'mailto:maya.kowalski@example.com',
  );

  for (const project of projects) {
    await expect(page.getByRole('heading', { level: 3, name: project.name, exact: true })).toBeVisible();
    for (const [label, url] of [
      ['Live demo', project.demoUrl],
      ['Source code', project.sourceUrl],
    ] as const) {
      const link = page.getByRole('link', { name: `${label} of ${project.name} (opens in a new tab)` });
      await expect(link).toHaveAttribute('href', url);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  }

  for (const entry of [...workHistory, ...education]) {
    await expect(page.getByRole('heading', { level: 3, name: entry.title, exact: true })).toBeVisible();
    await expect(page.getByText(entry.place, { exact: true })).toBeVisible();
  }
  for (const note of [...softSkills, ...hobbies]) {
    await expect(page.getByRole('heading', { level: 3, name: note.name, exact: true })).toBeVisible();
  }
});

test('with reduced motion the first title stands still and the bars are full at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPortfolio(page);
  // Animated, the first character would only appear after a pause of 1000 ms.
  await expect(page.getByTestId('typed-title')).toHaveText(firstTitle, { timeout: 500 });
  expect(await filled(page.getByRole('progressbar', { name: lastSkill.name }))).toBeCloseTo(
    lastSkill.level / 100,
    2,
  );
});

test('the portfolio has no serious accessibility problems once its bars have filled', async ({ page }) => {
  await openPortfolio(page);
  await expect(page.getByTestId('typed-title')).toHaveText(firstTitle);
  const bar = page.getByRole('progressbar', { name: lastSkill.name });
  await bar.scrollIntoViewIfNeeded();
  await expect.poll(() => filled(bar)).toBeCloseTo(lastSkill.level / 100, 2);
  await expectNoSeriousAxeFindings(page, 'the portfolio, animated');
});
