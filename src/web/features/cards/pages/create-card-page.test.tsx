// @vitest-environment happy-dom
/**
 * The card editor: a missing name shows the shared schema's message in
 * the visitor's language and sends nothing; a filled form sends the card the user typed.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../../core/schemas/auth';
import { location, renderPage, sent, serveApi } from '../../../../../tests/helpers/render-web';
import { CreateCardPage } from './create-card-page';

const broker: PublicUser = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'layla@example.com',
  firstName: 'Layla',
  lastName: 'Haddad',
  phoneNumber: '501234567',
  countryCode: '+971',
  profileImageUrl: null,
  role: 'real_estate_broker',
  roleChosen: true,
  isEmailVerified: true,
  subscriptionStatus: 'active',
  subscriptionPeriodEnd: null,
  phone: null,
  company: 'Marina Homes',
  position: null,
  bio: null,
  preferredLanguage: 'en',
  pendingEmail: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function serveBroker() {
  serveApi(
    (r) => (r.method === 'GET' && r.path === '/api/auth/user' ? { body: broker } : undefined),
    (r) =>
      r.method === 'POST' && r.path === '/api/business-cards'
        ? { status: 201, body: { id: '22222222-2222-4222-8222-222222222222', ...(r.body as object) } }
        : undefined,
  );
}

const posted = () => sent.filter((r) => r.method === 'POST' && r.path === '/api/business-cards');

describe('the card editor', () => {
  it('shows the schema’s message for a missing name, in Arabic too, and sends nothing', async () => {
    serveBroker();
    await renderPage(<CreateCardPage />, { lang: 'ar', namespaces: ['cards'] });
    const name = await screen.findByLabelText(/^الاسم.*\(الإنجليزية\)/);
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'إرسال للمراجعة' }));
    expect(await screen.findByText('الاسم مطلوب')).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it('submits what the user typed and goes on', async () => {
    serveBroker();
    await renderPage(<CreateCardPage />, { path: '/create-card', namespaces: ['cards'] });
    const englishName = (await screen.findByLabelText(/^Full name \(English\)/)) as HTMLInputElement;
    // The field can show before the form has written its starting value into it.
    await waitFor(() => expect(englishName.value).toBe('Layla Haddad'));
    fireEvent.change(screen.getByLabelText(/^Profession \/ title \(English\)/), {
      target: { value: 'Off-Plan Specialist' },
    });
    // The Arabic beside it: right to left, sent as the card's Arabic.
    const arabicName = screen.getByLabelText(/^Full name \(Arabic\)/);
    expect(arabicName.getAttribute('dir')).toBe('rtl');
    fireEvent.change(arabicName, { target: { value: 'ليلى حداد' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0].body).toMatchObject({
      name: 'Layla Haddad',
      profession: 'Off-Plan Specialist',
      company: 'Marina Homes',
      primaryLanguage: 'en',
      translations: { ar: { name: 'ليلى حداد' } },
    });
    await waitFor(() => expect(location.current).toBe('/'));
  });
});
