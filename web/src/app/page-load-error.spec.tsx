import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, signedOut } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { RootLayout } from './root-layout';
import { onFirstVisit } from './router';

describe('a page loaded on first visit', () => {
  beforeEach(() => localStorage.clear());

  it('says so, in the layout, when its code cannot be fetched, and offers to try again', async () => {
    mockFetch({ 'GET /api/auth/user': signedOut() });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const Unreachable = onFirstVisit(
      () => Promise.reject<{ AboutPage: () => null }>(new TypeError('Failed to fetch dynamically imported module: /assets/about-x.js')),
      (m) => m.AboutPage,
    );
    renderApp([{ element: <RootLayout />, children: [{ path: '/about', element: <Unreachable /> }] }], { path: '/about' });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('Check your connection and try again. In an emergency call 999.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('A page could not be loaded', expect.any(TypeError));
  });
});
