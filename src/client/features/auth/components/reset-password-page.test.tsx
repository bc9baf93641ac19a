import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '#client/testing/api-stub.ts';
import { renderScreen } from '#client/testing/render-screen.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

const EXPIRED = /^This reset link has expired or has already been used\./;

describe('the new-password form', () => {
  it('holds the new password to the sign-up rule, then changes it', async () => {
    const sent = stubApi({ 'POST /api/auth/reset-password': { body: { status: true } } });
    const { user } = renderScreen(<ResetPasswordPage />, { url: '/reset-password?token=abc' });
    await user.type(screen.getByLabelText('New password'), 'weak');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Minimum eight characters, at least one letter and one number'),
    ).toBeTruthy();

    await user.clear(screen.getByLabelText('New password'));
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();

    await user.type(screen.getByLabelText('New password'), 'Renewed2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/^Your password has been changed\./)).toBeTruthy();
    expect(sent[0]?.body).toMatchObject({ newPassword: 'Renewed2026', token: 'abc' });
  });

  it('says when the link has expired', async () => {
    stubApi({
      'POST /api/auth/reset-password': {
        status: 400,
        body: { code: 'INVALID_TOKEN', message: 'Invalid token' },
      },
    });
    const { user } = renderScreen(<ResetPasswordPage />, { url: '/reset-password?token=used' });
    await user.type(screen.getByLabelText('New password'), 'Renewed2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(EXPIRED)).toBeTruthy();
  });

  it('says so at once when the link has no token', () => {
    stubApi({});
    renderScreen(<ResetPasswordPage />, { url: '/reset-password' });
    expect(screen.getByText(EXPIRED)).toBeTruthy();
  });
});
