import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/schemas/users.ts';
import { apiError, signedIn, stubApi } from '#client/testing/api-stub.ts';
import { renderScreen } from '#client/testing/render-screen.tsx';
import { EditProfilePage } from './edit-profile-page.tsx';

const carla: User = {
  _id: 'user-1',
  name: 'Carla Reyes',
  email: 'carla@example.com',
  img: null,
  role: 'user',
  number: null,
  address: '12 Mill Road',
  institute: null,
  emailVerified: true,
  blocked: false,
};

function showEditProfile(put: Parameters<typeof stubApi>[0][string]) {
  const sent = stubApi({
    'GET /api/auth/get-session': signedIn(),
    'GET /api/user/carla%40example.com': { body: carla },
    'PUT /api/user/carla%40example.com': put,
  });
  return { ...renderScreen(<EditProfilePage />, { url: '/dashboard/my-profile/edit-profile/user-1' }), sent };
}

describe('the profile edit form', () => {
  it('holds each field to the profile limits', async () => {
    const { user, sent } = showEditProfile({ body: {} });
    await user.type(await screen.findByLabelText('Name'), 'a'.repeat(101));
    await user.type(screen.getByLabelText('Number'), '1'.repeat(41));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('At most 100 characters')).toBeTruthy();
    expect(await screen.findByText('At most 40 characters')).toBeTruthy();
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('sends only what was typed, says so and goes back to the profile', async () => {
    const { user, sent } = showEditProfile({
      body: { modifiedCount: 1, user: { ...carla, number: '555 0142' } },
    });
    expect((await screen.findByLabelText<HTMLInputElement>('Address')).placeholder).toBe('12 Mill Road');
    expect(screen.getByLabelText<HTMLInputElement>('Email').readOnly).toBe(true);
    await user.type(screen.getByLabelText('Number'), ' 555 0142 ');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Profile Updated Successfully')).toBeTruthy();
    expect(await screen.findByText('Landed on /dashboard/profile')).toBeTruthy();
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ number: '555 0142' });
  });

  it('shows a refusal after "Error :"', async () => {
    const { user } = showEditProfile(apiError(400, 'The image must be an upload of ours'));
    await user.type(await screen.findByLabelText('Institute'), 'Bauhaus School');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Error : The image must be an upload of ours')).toBeTruthy();
  });
});
