import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '#client/testing/api-stub.ts';
import { renderScreen } from '#client/testing/render-screen.tsx';
import { SignUpPage } from './signup-page.tsx';

const showSignUp = () => renderScreen(<SignUpPage originPath="/" />, { url: '/signup' });

describe('the sign-up form', () => {
  it('says what each empty field needs', async () => {
    stubApi({});
    const { user } = showSignUp();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const message of [
      'first name is Required',
      'last name is Required',
      'Email is required',
      'Password is required',
      'confirm-Password is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
  });

  it('checks each field as it is typed', async () => {
    stubApi({});
    const { user } = showSignUp();
    await user.type(screen.getByLabelText('First name'), 'Jo');
    expect(await screen.findByText('Minimum 3 character required')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(await screen.findByText('Please enter a valid Email')).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), 'short');
    expect(
      await screen.findByText('Minimum eight characters, at least one letter and one number'),
    ).toBeTruthy();
  });

  async function fillIn(user: ReturnType<typeof showSignUp>['user'], confirmPassword: string) {
    await user.type(screen.getByLabelText('First name'), 'Grace');
    await user.type(screen.getByLabelText('Last name'), 'Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'Cobol1959');
    await user.type(screen.getByLabelText('Confirm password'), confirmPassword);
    await user.click(screen.getByLabelText(/I accept the/));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
  }

  it("stops with a toast when the passwords differ, and asks the terms' acceptance", async () => {
    const sent = stubApi({});
    const { user } = showSignUp();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please accept the terms and conditions')).toBeTruthy();
    await fillIn(user, 'Cobol1960');
    expect(await screen.findByText("password didn't match")).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('creates the account with the names joined, then says so and goes home', async () => {
    const sent = stubApi({ 'POST /api/auth/sign-up/email': { body: { user: { id: 'u1' } } } });
    const { user } = showSignUp();
    await fillIn(user, 'Cobol1959');
    expect(await screen.findByText('Profile create successfully')).toBeTruthy();
    expect(await screen.findByText('Landed on /')).toBeTruthy();
    expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({
      name: 'GraceHopper',
      email: 'grace@example.com',
      password: 'Cobol1959',
    });
  });

  it('shows the email-already-in-use code for an address in use', async () => {
    stubApi({
      'POST /api/auth/sign-up/email': {
        status: 422,
        body: { code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', message: 'User already exists' },
      },
    });
    const { user } = showSignUp();
    await fillIn(user, 'Cobol1959');
    expect(await screen.findByText('Error : auth/email-already-in-use')).toBeTruthy();
  });
});
