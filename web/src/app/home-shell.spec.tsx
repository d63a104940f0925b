import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SiteHeader } from '@/components/layout/site-header';
import { Hero } from '@/features/home';
import { renderHomeShell } from './home-shell';

/** The shell as a page would hold it (index.html, built by build/home-shell.ts). */
function shell(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderHomeShell();
  document.body.replaceChildren(root);
  return root;
}

describe('the home page shell', () => {
  it('holds the hero the home page shows, heading, words and links alike', () => {
    const html = shell().querySelector('main')?.innerHTML;
    const { container } = render(
      <MemoryRouter>
        <Hero />
      </MemoryRouter>,
    );
    expect(html).toBeDefined();
    const text = (el: Element | null | undefined) => el?.textContent;
    const fromShell = document.createElement('div');
    fromShell.innerHTML = html ?? '';
    expect(text(fromShell.querySelector('h1'))).toBe('Find and register emergency bleed control kits');
    expect(text(fromShell)).toBe(text(container));
    expect([...fromShell.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/register-kit', '/bleed-kit-info']);
  });

  it('holds the header with the home page marked current and no sign-in buttons until the session is known', () => {
    shell();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    // The same links as the app's header.
    const app = render(
      <MemoryRouter>
        <SiteHeader user={undefined} onLogout={() => undefined} loggingOut={false} />
      </MemoryRouter>,
    );
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(
      within(app.container.querySelector('nav') as HTMLElement)
        .getAllByRole('link')
        .map((a) => a.textContent),
    );
  });
});
