import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  CONFIRM_SUBJECT,
  demoAdmin,
  demoBuyer,
  holdRequests,
  mailTo,
  signIn,
  signUpViaApi,
  uniqueEmail,
} from './support.ts';

/**
 * Better Auth's client, a chunk of its own that account screens download when first needed; asked for again
 * with a query of its own after a failed download (client/lib/import-again.ts).
 */
const AUTH_CLIENT_CHUNK = /\/assets\/better-auth-client-[\w-]+\.js(?:\?retry=\d+)?$/;

async function expectSignedInAtHome(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }),
  ).toBeVisible();
}

test('sign-up shows each validation message, then creates the account', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Submit' }).click();
  for (const message of [
    'first name is Required',
    'last name is Required',
    'Email is required',
    'Password is required',
    'confirm-Password is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('First name').fill('Jo');
  await expect(page.getByText('Minimum 3 character required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Please enter a valid Email')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('short');
  await expect(
    page.getByText('Minimum eight characters, at least one letter and one number').first(),
  ).toBeVisible();

  const email = uniqueEmail('signup');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Cobol1959');
  await page.getByLabel('Confirm password').fill('Cobol1960');
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText("password didn't match")).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByLabel('Confirm password').fill('Cobol1959');
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Profile create successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // The display name is first and last name joined; the bar shows its first word.
  await expect(page.getByRole('link', { name: 'GraceHopper' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await mailTo(email, 'Confirm your e-mail address');
});

test('sign-up with an address in use shows the email-already-in-use code', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Demo');
  await page.getByLabel('Last name').fill('Again');
  await page.getByLabel('Email').fill(demoBuyer.email);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Confirm password').fill('Secret123');
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Error : auth/email-already-in-use')).toBeVisible();
});

test('sign-in returns to the protected page that sent the user there', async ({ page }) => {
  const [tool] = (await (await page.request.get('/api/parts?limit=1')).json()) as Array<{
    _id: string;
    name: string;
  }>;
  await page.goto(`/parts/${tool!._id}`);
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Email').fill(demoBuyer.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong1234');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/^Error : /)).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(demoBuyer.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(new RegExp(`/parts/${tool!._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: tool!.name })).toBeVisible();
  // The redirect replaced the sign-in entry: going back does not return to the form.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/signin$/);

  await page.goto('/signin');
  await expect(page).toHaveURL(/\/$/);
});

test('sign-out shows its toast and the Sign In link again', async ({ page }) => {
  await signIn(page, demoBuyer);
  await expect(page.getByRole('link', { name: 'Demo', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Sign-Out Success.Bye Bye!!')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }),
  ).toBeVisible();
  await page.goto('/dashboard/profile');
  await expect(page).toHaveURL(/\/signin$/);
});

test('reset password end to end through the mail outbox', async ({ page }) => {
  const account = await signUpViaApi(page, 'Reset Tester');
  await page.context().clearCookies();
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('please,give us your email..')).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('check your mail for reset password...')).toBeVisible();

  const mail = await mailTo(account.email, 'Reset your password');
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)![0];
  await page.goto(link);
  await page.getByLabel('New password').fill('weak');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Minimum eight characters, at least one letter and one number')).toBeVisible();
  await page.getByLabel('New password').fill('Renewed2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await signIn(page, { email: account.email, password: 'Renewed2026' });
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.goto(link);
  await page.getByLabel('New password').fill('Another2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/This reset link has expired or has already been used/)).toBeVisible();
});

test('the verification link confirms the address', async ({ page }) => {
  const account = await signUpViaApi(page, 'Verify Tester', { confirmed: false });
  const mail = await mailTo(account.email, CONFIRM_SUBJECT);
  await page.goto(/https?:\/\/\S+\/verify-email\?token=\S+/.exec(mail.text)![0]);
  await expect(page.getByText('Thank you: your e-mail address is confirmed.')).toBeVisible();
  await page.goto('/verify-email?token=forged');
  await expect(page.getByText(/This confirmation link has expired or is not valid/)).toBeVisible();
});

test('a shop without Google or GitHub configured offers no button for them', async ({ page }) => {
  for (const path of ['/signin', '/signup']) {
    await page.goto(path);
    // The screen shows once it knows the providers (its route's loader asks for them).
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Sign in with/ })).toHaveCount(0);
  }
});

test("the session is asked for as the page starts, beside the sign-in screen's code, not after it", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  const session = asked.indexOf('/api/auth/get-session');
  const screenCode = asked.findIndex((path) => /\/assets\/account-pages-[\w-]+\.js$/.test(path));
  expect(session).toBeGreaterThan(-1);
  expect(screenCode).toBeGreaterThan(-1);
  expect(session).toBeLessThan(screenCode);
});

test("the sign-in screen shows without Better Auth's client, which comes with the first focus on it", async ({
  page,
}) => {
  const authClientAsked = () => page.waitForRequest(AUTH_CLIENT_CHUNK);
  let asked = false;
  void authClientAsked().then(
    () => (asked = true),
    () => {},
  );
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  expect(asked).toBe(false);

  const focused = authClientAsked();
  await page.getByLabel('Email').focus();
  await focused;
  await page.getByLabel('Email').fill(demoBuyer.email);
  await page.getByLabel('Password', { exact: true }).fill(demoBuyer.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectSignedInAtHome(page);
});

test('a sign-in whose client cannot be downloaded says so, and goes through once it can', async ({
  page,
}) => {
  await page.route(AUTH_CLIENT_CHUNK, (route) => route.abort('internetdisconnected'));
  await page.goto('/signin');
  await page.getByLabel('Email').fill(demoBuyer.email);
  await page.getByLabel('Password', { exact: true }).fill(demoBuyer.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('Error : We could not reach the shop: check your connection and try again'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();

  await page.unroute(AUTH_CLIENT_CHUNK);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectSignedInAtHome(page);
});

test('a confirmation link opened while the shop cannot be reached says so and can be tried again', async ({
  page,
}) => {
  await page.route(AUTH_CLIENT_CHUNK, (route) => route.abort('internetdisconnected'));
  await page.goto('/verify-email?token=forged');
  await expect(page.getByRole('alert')).toContainText(
    'We could not reach the shop: check your connection and try again',
  );
  await page.unroute(AUTH_CLIENT_CHUNK);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('status')).toContainText('This confirmation link has expired or is not valid');
});

test("the sign-in card and its title show while the screen's code is still on its way, and stay when it comes", async ({
  page,
}) => {
  await page.goto('/');
  const release = await holdRequests(page, /\/assets\/account-pages-[\w-]+\.js$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading the page' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(page).toHaveTitle(/Sign In/);
  // The title painted first is the page's largest text: replaced, it would be painted again a round trip later.
  const title = page.getByRole('heading', { level: 1, name: 'Sign In' });
  await title.evaluate((heading) => Object.assign(heading, { paintedFirst: true }));

  release();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await expect(title).toHaveCount(1);
  expect(await title.evaluate((heading) => 'paintedFirst' in heading)).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Loading the page' })).toHaveCount(0);
});

test('opened by its address, the sign-in page shows as written before its code comes, and keeps its title when it does', async ({
  page,
}) => {
  const release = await holdRequests(page, /\/assets\/account-pages-[\w-]+\.js$/);
  await page.goto('/signin');
  const title = page.getByRole('heading', { level: 1, name: 'Sign In' });
  await expect(title).toBeVisible();
  await expect(page).toHaveTitle(/^Sign In \| /);
  await expect(page.getByRole('status').filter({ hasText: 'Checking your session' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await title.evaluate((heading) => Object.assign(heading, { paintedFirst: true }));

  release();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  expect(await title.evaluate((heading) => 'paintedFirst' in heading)).toBe(true);
});

test('a plain user is refused the admin pages', async ({ page }) => {
  await signIn(page, demoBuyer);
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link', { name: 'My Order' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Add Review' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'My Profile' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'All User' })).toHaveCount(0);
  await page.goto('/dashboard/user');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }),
  ).toBeVisible();
});

test('an admin sees the admin menu and promotes a user', async ({ page, browser }) => {
  const newcomerPage = await browser.newPage();
  const newcomer = await signUpViaApi(newcomerPage, 'Newcomer Person');
  await newcomerPage.close();

  await signIn(page, demoAdmin);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${demoAdmin.name}` })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  for (const item of ['All User', 'Manage Order', 'Manage Tools', 'Add Products', 'My Profile']) {
    await expect(menu.getByRole('link', { name: item })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'My Order' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'All User' }).click();
  await expect(page.getByRole('heading', { name: /^Total User : \d+$/ })).toBeVisible();
  // Oldest first, a page at a time: the newcomer is found by e-mail.
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(newcomer.email);
  await expect(page.getByRole('heading', { name: 'Total User : 1' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: newcomer.email });
  await row.getByRole('button', { name: /Promote/ }).click();
  await expect(page.getByText('SuccessFully make a admin')).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();
});

test('an admin blocks a user, who is signed out and refused at sign-in, then unblocks them', async ({
  page,
  browser,
}) => {
  const userPage = await browser.newPage();
  const blocked = await signUpViaApi(userPage, 'Blocked Person');
  await userPage.goto('/dashboard');
  await expect(userPage.getByRole('heading', { name: 'Welcome, Blocked Person' })).toBeVisible();

  await signIn(page, demoAdmin);
  await page.goto(`/dashboard/user?q=${encodeURIComponent(blocked.email)}`);
  const row = page.getByRole('row').filter({ hasText: blocked.email });
  await row.getByRole('button', { name: 'Block Blocked Person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are You Sure?' });
  await expect(dialog).toContainText('cannot sign in until unblocked');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('The account is blocked: it is signed out and cannot sign in.')).toBeVisible();
  await expect(row.getByText('Blocked', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Promote Blocked Person' })).toBeDisabled();

  // Signed out at once, though their browser still holds its signed minute-long copy of the session.
  expect((await userPage.context().cookies()).map(({ name }) => name)).toContain('forgeline.session_data');
  await userPage.reload();
  await expect(userPage).toHaveURL(/\/signin$/);
  // And a new sign-in is refused.
  await userPage.getByLabel('Email').fill(blocked.email);
  await userPage.getByLabel('Password', { exact: true }).fill(blocked.password);
  await userPage.getByRole('button', { name: 'Submit' }).click();
  await expect(userPage.getByText('Error : This account is blocked. Please contact the shop.')).toBeVisible();
  await expect(userPage).toHaveURL(/\/signin$/);

  await row.getByRole('button', { name: 'Unblock Blocked Person' }).click();
  await expect(page.getByText('Blocked Person can sign in again.')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Block Blocked Person' })).toBeVisible();
  await userPage.getByRole('button', { name: 'Submit' }).click();
  await expect(userPage.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await userPage.close();
});

test('the profile shows N/A for empty fields and the edit form updates it with a new avatar', async ({
  page,
}) => {
  await signUpViaApi(page, 'Profile Person');
  await page.goto('/dashboard/profile');
  const card = page.locator('main');
  await expect(card.getByText('N/A')).toHaveCount(3);
  await expect(card.getByText('User', { exact: true }).first()).toBeVisible();
  await expect(card.getByRole('img', { name: "Profile Person's picture" })).toHaveAttribute(
    'src',
    '/images/default-avatar.svg',
  );

  await page.getByRole('link', { name: 'Update Profile' }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await page.getByLabel('Number').fill('+1 555 0142');
  await page.getByLabel('Institute').fill('Bauhaus School');
  await page.getByLabel('Update Image').setInputFiles('public/images/tools/cordless-drill.svg');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(page.getByText(/^Error : /)).toBeVisible();

  const png = await sharp({ create: { width: 160, height: 160, channels: 3, background: '#b45309' } })
    .png()
    .toBuffer();
  await page.getByLabel('Update Image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(page.getByText('Profile Updated Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(card.getByText('+1 555 0142')).toBeVisible();
  await expect(card.getByText('Bauhaus School')).toBeVisible();
  await expect(card.getByText('N/A')).toHaveCount(1);
  await expect(card.getByRole('img', { name: "Profile Person's picture" })).toHaveAttribute(
    'src',
    /^\/uploads\/.+\.webp$/,
  );
});
