// @vitest-environment happy-dom
/**
 * The directory filters: choosing a filter writes it to the URL (so a
 * link or Back keeps it) and asks the server for that page; clearing it removes it from both.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { location, renderPage, sent, serveApi } from '../../../../tests/helpers/render-web';
import { DirectoryPage } from './directory-page';

const directoryCalls = () => sent.filter((r) => r.path === '/api/business-cards/public');
const lastCall = () => directoryCalls().at(-1)?.query;

describe('the directory filters', () => {
  it('put the chosen role and city in the URL and in the request, and clear them again', async () => {
    serveApi(
      (r) => (r.path === '/api/auth/user' ? { status: 401, body: { message: 'Not signed in' } } : undefined),
      (r) => (r.path === '/api/business-cards/public' ? { body: [], headers: { 'X-Total-Count': '0' } } : undefined),
    );
    await renderPage(<DirectoryPage />, { path: '/directory?view=all', namespaces: ['discovery'] });
    await waitFor(() => expect(directoryCalls()).toHaveLength(1));

    fireEvent.change(await screen.findByTestId('filter-role'), { target: { value: 'banking_broker' } });
    await waitFor(() => expect(location.current).toBe('/directory?role=banking_broker'));
    await waitFor(() => expect(lastCall()?.get('role')).toBe('banking_broker'));

    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Abu Dhabi' } });
    await waitFor(() => expect(location.current).toBe('/directory?role=banking_broker&city=Abu+Dhabi'));
    await waitFor(() => expect(lastCall()?.get('city')).toBe('Abu Dhabi'));
    expect(lastCall()?.get('role')).toBe('banking_broker');

    fireEvent.change(screen.getByTestId('filter-role'), { target: { value: '' } });
    await waitFor(() => expect(location.current).toBe('/directory?city=Abu+Dhabi'));
    await waitFor(() => expect(lastCall()?.has('role')).toBe(false));
    expect(screen.getByText('No professionals found')).toBeTruthy();
  });
});
