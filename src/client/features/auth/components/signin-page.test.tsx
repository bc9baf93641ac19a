import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '#client/testing/api-stub.ts';
import { renderScreen } from '#client/testing/render-screen.tsx';
import { SignInPage } from './signin-page.tsx';

const showSignIn = () => renderScreen(<SignInPage originPath="/dashboard/myorder" />, { url: '/signin' });

describe('the sign-in form', () => {
  it('leaves both fields to the browser, which requires them', async () => {
    const sent = stubApi({});
    const { user } = showSignIn();
    expect(screen.getByLabelText<HTMLInputElement>('Email').required).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Password').required).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('shows a refused sign-in after "Error :"', async () => {
    stubApi({
      'POST /api/auth/sign-in/email': {
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      },
    });
    const { user } = showSignIn();
    await user.type(screen.getByLabelText('Email'), 'carla@example.com');
    await user.type(screen.getByLabelText('Password'), 'Wrong1234');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Error : Invalid email or password')).toBeTruthy();
  });

  it('returns to the page the user came from', async () => {
    const sent = stubApi({ 'POST /api/auth/sign-in/email': { body: { user: { id: 'u1' } } } });
    const { user, browser } = showSignIn();
    await user.type(screen.getByLabelText('Email'), 'carla@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Landed on /dashboard/myorder')).toBeTruthy();
    expect(browser.action).toBe('REPLACE');
    expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({
      email: 'carla@example.com',
      password: 'Secret123',
    });
  });

  it('asks for the e-mail before a reset, then sends the reset mail', async () => {
    const sent = stubApi({ 'POST /api/auth/request-password-reset': { body: { status: true } } });
    const { user } = showSignIn();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('please,give us your email..')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Email'), 'carla@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('check your mail for reset password...')).toBeTruthy();
    expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({
      email: 'carla@example.com',
      redirectTo: '/reset-password',
    });
  });
});
