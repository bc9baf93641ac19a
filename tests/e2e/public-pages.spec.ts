import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { readOutbox } from '#server/testing/outbox.ts';
import { browserComplaints, mailTo, postReviewsViaApi, signUpViaApi, uniqueEmail } from './support.ts';

const banner = (page: Page) => page.getByRole('region', { name: 'Highlights' });
const slide = (page: Page, n: number) => banner(page).getByRole('group', { name: `${n} of 2` });

test('the banner advances on its own every 2.5 s and holds still under the pointer or with focus inside', async ({
  page,
}) => {
  // Time stands still but for runFor, so that the page's own loading time cannot bring the first advance.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/');
  await expect(slide(page, 2)).toBeAttached();
  await expect(slide(page, 1)).not.toHaveAttribute('inert');
  await expect(slide(page, 2)).toHaveAttribute('inert');
  await expect(
    slide(page, 1).getByRole('heading', { name: 'The right tools for managing your work' }),
  ).toBeVisible();
  // The carousel's code comes for its first advance, not with the page.
  await page.clock.runFor(2400);
  await expect(banner(page)).not.toHaveAttribute('data-ready');

  await page.clock.runFor(200);
  await expect(banner(page)).toHaveAttribute('data-ready', 'true');
  // Preact runs effects after the next frame, which the paused clock holds back.
  await page.clock.runFor(100);
  await expect(slide(page, 2)).not.toHaveAttribute('inert');
  await expect(banner(page).getByRole('button', { name: 'Show slide 2' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(
    slide(page, 2).getByRole('heading', { name: 'Built to last, because your satisfaction is our purpose' }),
  ).toBeVisible();

  await banner(page).hover();
  await page.clock.runFor(6000);
  await expect(slide(page, 2)).not.toHaveAttribute('inert');

  await page.mouse.move(0, 0);
  await page.clock.runFor(2600);
  await expect(slide(page, 1)).not.toHaveAttribute('inert');

  await banner(page).getByRole('button', { name: 'Show slide 1' }).focus();
  await page.clock.runFor(6000);
  await expect(slide(page, 1)).not.toHaveAttribute('inert');
  await page.getByRole('link', { name: 'More Tools' }).focus();
  await page.clock.runFor(2600);
  await expect(slide(page, 2)).not.toHaveAttribute('inert');
});

test('the banner moves with the arrow keys and its pause button stops it', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  // The first key is pressed before the carousel's code has arrived: the slide moves once it has.
  await expect(banner(page)).not.toHaveAttribute('data-ready');
  const next = banner(page).getByRole('button', { name: 'Next slide' });
  await next.focus();
  await page.keyboard.press('ArrowRight');
  await expect(slide(page, 2)).not.toHaveAttribute('inert');
  await expect(banner(page)).toHaveAttribute('data-ready', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(slide(page, 1)).not.toHaveAttribute('inert');

  await banner(page).getByRole('button', { name: 'Pause slides' }).click();
  await page.mouse.move(0, 0);
  await page.locator('body').focus();
  await page.clock.runFor(6000);
  await expect(slide(page, 1)).not.toHaveAttribute('inert');
  await expect(banner(page).getByRole('button', { name: 'Play slides' })).toBeVisible();
});

test('the three counters count up to 50, 900 and 1200 once in view', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const counters = page.getByRole('region', { name: 'Forgeline in figures' });
  await counters.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('counter-Countries')).not.toHaveText('50');
  await page.clock.runFor(7500);
  await expect(page.getByTestId('counter-Countries')).toHaveText('50');
  await expect(page.getByTestId('counter-Happy Clients')).toHaveText('900');
  await expect(page.getByTestId('counter-Successful Projects')).toHaveText('1200');
  for (const label of ['Countries', 'Happy Clients', 'Successful Projects']) {
    await expect(counters.getByText(label, { exact: true })).toBeVisible();
  }
});

test('with reduced motion the counters show their figures at once and the banner stays', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByTestId('counter-Successful Projects')).toHaveText('1200');
  await expect(banner(page).getByRole('button', { name: 'Pause slides' })).toBeHidden();
  await page.clock.runFor(6000);
  await expect(slide(page, 1)).not.toHaveAttribute('inert');
});

test('the FAQ panels toggle, by mouse and keyboard, and the sign turns from plus to minus', async ({
  page,
}) => {
  await page.goto('/');
  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  const questions = faq.locator('summary');
  await expect(questions).toHaveCount(3);
  const sign = (index: number) =>
    questions.nth(index).evaluate((element) => getComputedStyle(element, '::after').content);
  const answer = faq.getByText(/calculated for full packs and pallets/);

  await expect(answer).toBeHidden();
  expect(await sign(0)).toBe('"+"');
  await questions.nth(0).click();
  await expect(answer).toBeVisible();
  expect(await sign(0)).toBe('"−"');
  await questions.nth(0).click();
  await expect(answer).toBeHidden();
  expect(await sign(0)).toBe('"+"');

  await questions.nth(2).focus();
  await page.keyboard.press('Enter');
  await expect(faq.getByText(/30-day money-back guarantee: contact us/)).toBeVisible();
  expect(await sign(2)).toBe('"−"');
});

test('Get In Touch refuses empty fields, then stores and mails the message to the shop', async ({ page }) => {
  // Its validation arrives when first needed, and runs without tripping the Content-Security-Policy.
  const complaints = await browserComplaints(page);
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Get In Touch' });
  const outbox = `${process.env.E2E_DATA_DIR}/mail`;
  const mailsBefore = (await readOutbox(outbox)).length;

  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByText('Message is required')).toBeVisible();
  expect((await readOutbox(outbox)).length).toBe(mailsBefore);

  const email = uniqueEmail('visitor');
  await form.getByLabel('Name').fill('Vera Visitor');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill('Can you quote 400 ball bearings 6204 for delivery in March?');
  // The toasts' library, whose styles restyle the whole page, comes with the first toast, not before.
  await expect(page.locator('style#_goober, [data-rht-toaster]')).toHaveCount(0);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByText('Thanks for getting in touch. We will answer within one working day.'),
  ).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');

  const mail = await mailTo('sales@forgeline.example', 'Get In Touch: message from Vera Visitor');
  expect(mail.text).toContain('Can you quote 400 ball bearings 6204 for delivery in March?');
  expect(mail.text).toContain(email);
  expect(complaints).toEqual([]);
});

test('Get In Touch sent while the shop cannot be reached says so, keeps the message and sends it on the next try', async ({
  page,
}) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Get In Touch' });
  await form.getByLabel('Name').fill('Otto Offline');
  await form.getByLabel('Email').fill(uniqueEmail('offline'));
  await form.getByLabel('Message').fill('Do you deliver on Saturdays?');
  await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByText('We could not reach the shop: check your connection and try again'),
  ).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('Do you deliver on Saturdays?');

  await page.unroute('**/api/contact');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByText('Thanks for getting in touch. We will answer within one working day.'),
  ).toBeVisible();
});

test('the contact page gives the postal address, the official contact address and phone numbers', async ({
  page,
}) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Contact | Forgeline Tools & Parts');
  await expect(page.getByText('Official contact address')).toBeVisible();
  await expect(page.getByRole('link', { name: 'sales@forgeline.example' })).toHaveAttribute(
    'href',
    'mailto:sales@forgeline.example',
  );
  await expect(page.getByText('2100 Smallman Street, Unit 4')).toBeVisible();
  await expect(page.getByRole('link', { name: '+1 (412) 555-0142' })).toHaveAttribute(
    'href',
    'tel:+14125550142',
  );
  await expect(page.getByRole('link', { name: /^\+1 \(412\) 555-/ })).toHaveCount(3);
  await expect(page.getByRole('form', { name: 'Get In Touch' })).toBeVisible();
});

test('the reviews carousel shows 1, 2 or 3 reviews by width, and moves by keyboard and by swipe', async ({
  page,
}) => {
  await signUpViaApi(page, 'Rhea Reviewer');
  await postReviewsViaApi(
    page.request,
    [5, 4.5, 4, 3].map((stars) => ({ customRating: stars, review: `A ${stars}-star review of the service` })),
  );

  const carousel = page.getByRole('region', { name: 'Buyer reviews' });
  const slideWidthRatio = async () =>
    carousel.evaluate((region) => {
      const slide = region.querySelector('li')!.getBoundingClientRect().width;
      return region.getBoundingClientRect().width / slide;
    });
  for (const [width, perView] of [
    [375, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByText('A 3-star review of the service')).toBeAttached();
    expect(Math.round(await slideWidthRatio())).toBe(perView);
  }

  const previous = carousel.getByRole('button', { name: 'Previous reviews' });
  await expect(previous).toBeDisabled();
  await carousel.focus();
  await page.keyboard.press('ArrowRight');
  await expect(previous).toBeEnabled();
  await page.keyboard.press('ArrowLeft');
  await expect(previous).toBeDisabled();

  const box = (await carousel.locator('ul').boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 8 });
  await page.mouse.move(box.x + box.width * 0.1, y, { steps: 8 });
  await page.mouse.up();
  await expect(previous).toBeEnabled();
});

test('the reviews carousel loads the twelve newest reviews, and the next twelve as it nears their end', async ({
  page,
}) => {
  await signUpViaApi(page, 'Paula Pages');
  const ids = await postReviewsViaApi(
    page.request,
    Array.from({ length: 15 }, (_, i) => ({ customRating: 5, review: `Page-turning review ${i + 1}` })),
  );
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/reviews') asked.push(url.search);
  });
  // The second page waits until let go, so that a move past the end of the first is seen to wait for it.
  let letGo = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  await page.route('**/api/reviews?*before=*', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Buyer reviews' });
  await carousel.scrollIntoViewIfNeeded();
  const slides = carousel.getByRole('listitem');
  await expect(slides).toHaveCount(12);
  await expect(slides.first()).toHaveAttribute('aria-label', '1 of 12 or more');
  await expect(slides.first()).toContainText('Page-turning review 15');
  await expect(slides.last()).toContainText('Page-turning review 4');

  // Three to a view at 1,280 px: ten positions, the last two of which ask for the next page.
  const next = carousel.getByRole('button', { name: 'Next reviews' });
  for (let move = 1; move <= 9; move++) await next.click();
  await expect(slides.last()).toBeInViewport();
  await expect.poll(() => asked).toEqual(['?limit=12', `?limit=12&before=${ids[3]}`]);
  await next.click();
  await expect(next).toHaveAttribute('aria-busy', 'true');
  await expect(next).toBeEnabled();
  letGo();
  await expect(carousel.getByText('“Page-turning review 3”', { exact: true })).toBeInViewport();
  await expect(slides.first()).toHaveAttribute('aria-label', /^1 of (2[0-4]|1[3-9])( or more)?$/);
  await expect(next).toHaveAttribute('aria-busy', 'false');
  await expect(carousel.getByText('“Page-turning review 1”', { exact: true })).toBeAttached();
  expect(asked).toHaveLength(2);
});

test('the home page loads no dashboard, admin, blog or portfolio code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Frequently Asked Questions' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.filter((path) => /dashboard|manage|add-|update-|payment|profile|users|blog|portfolio/.test(path)),
  ).toEqual([]);
});

test('the home page renders its lower sections as they come near, or 3 s after it has loaded, not while it loads', async ({
  page,
}) => {
  const getInTouch = page.getByRole('form', { name: 'Get In Touch' });
  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  const loaded = async () => {
    await page.clock.install();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(getInTouch).toHaveCount(0);
    await expect(faq).toHaveCount(0);
  };

  await loaded();
  // Scrolled to the footer, the section above it comes without waiting for the clock.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(faq).toBeVisible();

  await loaded();
  await page.clock.runFor(2000);
  await page.waitForLoadState('networkidle');
  await expect(getInTouch).toHaveCount(0);
  await page.clock.runFor(1000);
  await expect(getInTouch).toHaveCount(1);
  await expect(faq).toHaveCount(1);
});

test('the home page loads at most 100 KB of JavaScript (gzip), its lower sections included', async ({
  page,
}) => {
  const scripts: Array<Promise<number>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
  });
  await page.goto('/');
  await expect(page.getByRole('form', { name: 'Get In Touch' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Frequently Asked Questions' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(scripts);
  expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(100 * 1024);
});

test('a page that shows no number makes no number format on its way to the screen', async ({ page }) => {
  // The first Intl formatter a page makes loads the locale's data: a cost before the first paint, for nothing.
  await page.addInitScript(() => {
    const counted = window as unknown as { numberFormatsMade: number };
    counted.numberFormatsMade = 0;
    Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
      construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
        counted.numberFormatsMade += 1;
        return new target(...args);
      },
    });
  });
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { numberFormatsMade: number }).numberFormatsMade),
  ).toBe(0);

  await page.goto('/');
  await expect(page.getByText(/\$\d+\.\d{2}/).first()).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { numberFormatsMade: number }).numberFormatsMade),
  ).toBe(2);
});

test('robots.txt and sitemap.xml are the files crawlers ask for, not the app', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(await robots.text()).toContain(`Sitemap: ${process.env.E2E_BASE_URL}/sitemap.xml`);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
  expect(await sitemap.text()).toContain(`<loc>${process.env.E2E_BASE_URL}/my-portfolio</loc>`);
});

test('every public page shows its heading, title and description before any script runs', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const pages = [
    ['/', 'Forgeline Tools & Parts: power tools, hand tools and parts in bulk', /^Forgeline Tools & Parts$/],
    ['/contact', 'Contact', /^Contact \| /],
    ['/blog', 'Blog', /^Blog \| /],
    ['/my-portfolio', 'Maya Kowalski', /^Portfolio \| /],
    ['/signin', 'Sign In', /^Sign In \| /],
    ['/signup', 'Sign Up', /^Sign Up \| /],
  ] as const;
  for (const [path, heading, title] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(title);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }),
    ).toBeVisible();
  }
  await page.goto('/contact');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Reach Forgeline/);
  // A page that needs the app, the catalogue (its tools come from the server), or a page with a query the
  // written page does not show, comes as the empty shell.
  for (const path of ['/dashboard', '/parts', '/contact?topic=quote']) {
    await page.goto(path);
    await expect(page.locator('#root')).toBeEmpty();
  }
  await context.close();
});

test('each public page, taken over by the app, shows each of its parts once', async ({ page }) => {
  for (const path of ['/', '/parts', '/contact', '/blog', '/my-portfolio', '/signin', '/signup']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    if (path === '/') await expect(page.getByRole('region', { name: 'Forgeline in figures' })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
    const ids = await page.locator('[id]').evaluateAll((elements) => elements.map((element) => element.id));
    expect(
      ids.filter((id, index) => ids.indexOf(id) !== index),
      path,
    ).toEqual([]);
  }
});
