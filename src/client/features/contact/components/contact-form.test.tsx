import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contactMessages } from '#shared/schemas/contact.ts';
import { stubApi } from '#client/testing/api-stub.ts';
import { renderScreen } from '#client/testing/render-screen.tsx';
import { ContactForm } from './contact-form.tsx';

describe('the Get In Touch form', () => {
  it('says what each field needs', async () => {
    const sent = stubApi({});
    const { user } = renderScreen(<ContactForm />, { url: '/contact' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(await screen.findByText('Message is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'carla@example');
    await user.type(screen.getByLabelText('Message'), 'Too short');
    expect(await screen.findByText('Please enter a valid Email')).toBeTruthy();
    expect(await screen.findByText('Minimum 10 character required')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("sends the message and shows the shop's answer", async () => {
    const sent = stubApi({
      'POST /api/contact': { status: 201, body: { insertedId: 'm1', message: contactMessages.thanks } },
    });
    const { user } = renderScreen(<ContactForm />, { url: '/contact' });
    await user.type(screen.getByLabelText('Name'), 'Carla Reyes');
    await user.type(screen.getByLabelText('Email'), 'carla@example.com');
    await user.type(screen.getByLabelText('Message'), 'A quote for 400 grinders, please.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(contactMessages.thanks)).toBeTruthy();
    expect(sent[0]?.body).toEqual({
      name: 'Carla Reyes',
      email: 'carla@example.com',
      message: 'A quote for 400 grinders, please.',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
  });
});
