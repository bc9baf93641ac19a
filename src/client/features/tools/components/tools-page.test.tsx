import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, never, queriesTo, stubApi, type SentRequest } from '#client/testing/api-stub.ts';
import { pageOf, someTools } from '#client/testing/fixtures.ts';
import { renderScreen } from '#client/testing/render-screen.tsx';
import { ToolsPage } from './tools-page.tsx';

type Reply = Parameters<typeof stubApi>[0][string];

function showParts(url = '/parts', reply: Reply = { body: pageOf('tools', someTools(3)) }) {
  const sent = stubApi({ 'GET /api/catalogue': reply });
  return { sent, ...renderScreen(<ToolsPage />, { url, route: '/parts' }) };
}

const asked = (sent: SentRequest[]) => queriesTo(sent, '/catalogue');

const cards = () => within(screen.getByRole('list', { name: 'Tools' })).getAllByRole('article');
const searchBox = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search tools' });

describe('/parts', () => {
  it('shows the loading image, then the page of tools and how many there are, newest first', async () => {
    const { sent } = showParts('/parts', { body: pageOf('tools', someTools(3), { total: 3 }) });
    expect(screen.getByText('Loading tools')).toBeTruthy();
    expect(await screen.findByText('3 tools')).toBeTruthy();
    expect(cards()).toHaveLength(3);
    expect(asked(sent)).toEqual([{ sort: 'newest', page: '1' }]);
    expect(screen.queryByRole('navigation', { name: 'Catalogue pages' })).toBeNull();
  });

  it('asks again after a moment when the shop answers "too many requests", and shows the page', async () => {
    let answers = 0;
    const { sent } = showParts('/parts?q=busy', () =>
      answers++ === 0
        ? apiError(429, 'Too many requests. Please try again in 1 seconds.')
        : { body: pageOf('tools', someTools(2), { total: 2 }) },
    );
    expect(await screen.findByText('2 tools', undefined, { timeout: 5000 })).toBeTruthy();
    expect(asked(sent)).toHaveLength(2);
  });

  it('says "1,000+ tools" when a search matched more than it counts, and pages through those', async () => {
    showParts('/parts?q=nut', {
      body: { ...pageOf('tools', someTools(24), { total: 1000 }), moreThanTotal: true },
    });
    expect(await screen.findByText('1,000+ tools')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Catalogue pages' });
    expect(within(pages).getByRole('link', { name: /42/ })).toBeTruthy();
  });

  it('reads the search, sort, filters and page from the address', async () => {
    const { sent } = showParts('/parts?q=bolt&sort=price-asc&inStock=true&minPrice=5&maxPrice=50&page=2', {
      body: pageOf('tools', someTools(1), { total: 25, page: 2 }),
    });
    expect(await screen.findByText('25 tools')).toBeTruthy();
    expect(asked(sent)).toEqual([
      { q: 'bolt', sort: 'price-asc', inStock: 'true', minPrice: '5', maxPrice: '50', page: '2' },
    ]);
    expect(searchBox().value).toBe('bolt');
    expect(screen.getByLabelText<HTMLSelectElement>('Sort by').value).toBe('price-asc');
    expect(screen.getByLabelText<HTMLInputElement>('In stock only').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Min').value).toBe('5');
    expect(screen.getByLabelText<HTMLInputElement>('Max').value).toBe('50');
  });

  it('leaves out what an address gets wrong rather than failing', async () => {
    const { sent } = showParts('/parts?sort=cheapest&minPrice=-3&maxPrice=abc&page=0&inStock=yes');
    expect(await screen.findByText('3 tools')).toBeTruthy();
    expect(asked(sent)).toEqual([{ sort: 'newest', page: '1' }]);
  });

  it('searches once the typing pauses: one request, one history entry, then replaced as the typing goes on', async () => {
    const { sent, user, browser } = showParts();
    await screen.findByText('3 tools');
    await user.type(searchBox(), 'hex bolt');
    await waitFor(() => expect(browser.search).toBe('?q=hex+bolt'));
    expect(browser.action).toBe('PUSH');
    await waitFor(() => expect(asked(sent).map(({ q }) => q)).toEqual([undefined, 'hex bolt']));

    await user.type(searchBox(), ' m10');
    await waitFor(() => expect(browser.search).toBe('?q=hex+bolt+m10'));
    expect(browser.action).toBe('REPLACE');
    expect(searchBox().value).toBe('hex bolt m10');
  });

  it('searches at once on Enter, and empties the search with its clear button', async () => {
    const { browser, user } = showParts();
    await screen.findByText('3 tools');
    await user.type(searchBox(), 'drill{Enter}');
    expect(browser.search).toBe('?q=drill');
    await user.click(screen.getByRole('button', { name: 'Empty the search box' }));
    await waitFor(() => expect(browser.search).toBe(''));
    expect(searchBox().value).toBe('');
    expect(document.activeElement).toBe(searchBox());
  });

  it('shows the search of the address it goes back to', async () => {
    const { browser, user } = showParts('/parts?q=saw');
    await screen.findByText('3 tools');
    await user.clear(searchBox());
    await user.type(searchBox(), 'drill{Enter}');
    expect(browser.search).toBe('?q=drill');
    await act(() => browser.back());
    expect(browser.search).toBe('?q=saw');
    expect(searchBox().value).toBe('saw');
  });

  it('goes back to page 1 when the sort or a filter changes', async () => {
    const { browser, user } = showParts('/parts?page=2');
    await screen.findByText('3 tools');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: high to low');
    expect(browser.search).toBe('?sort=price-desc');
    await user.click(screen.getByLabelText('In stock only'));
    expect(browser.search).toBe('?sort=price-desc&inStock=true');
    await user.click(screen.getByLabelText('In stock only'));
    expect(browser.search).toBe('?sort=price-desc');
  });

  it('applies a price range, and not one whose lowest price is above its highest', async () => {
    const { browser, user } = showParts();
    await screen.findByText('3 tools');
    await user.type(screen.getByLabelText('Min'), '50');
    await waitFor(() => expect(browser.search).toBe('?minPrice=50'));
    await user.type(screen.getByLabelText('Max'), '10');
    expect(await screen.findByText('The lowest price is above the highest.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(browser.search).toBe('?minPrice=50');
    await user.type(screen.getByLabelText('Max'), '0');
    await waitFor(() => expect(browser.search).toBe('?minPrice=50&maxPrice=100'));
    expect(screen.queryByText('The lowest price is above the highest.')).toBeNull();
  });

  it('says when nothing matches, and clears the search and filters but keeps the sort', async () => {
    const { browser, user } = showParts('/parts?q=zzz&inStock=true&sort=name', ({ url }) => ({
      body: pageOf('tools', url.searchParams.has('q') ? [] : someTools(2)),
    }));
    expect(await screen.findByText('No tools match your search and filters.')).toBeTruthy();
    expect(screen.getByText('0 tools')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Clear search and filters' })[1]!);
    expect(browser.search).toBe('?sort=name');
    expect(await screen.findByText('2 tools')).toBeTruthy();
    expect(searchBox().value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('In stock only').checked).toBe(false);
  });

  it('says so when the catalogue is empty', async () => {
    showParts('/parts', { body: pageOf('tools', []) });
    expect(await screen.findByText('No tools in the catalogue yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).toBeNull();
  });

  it('pages with links, keeping the page on the screen until the next one is in', async () => {
    const { browser, user, sent } = showParts('/parts?sort=name', ({ url }) =>
      url.searchParams.get('page') === '1'
        ? { body: pageOf('tools', someTools(24), { total: 50 }) }
        : never(),
    );
    expect(await screen.findByText('50 tools')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Catalogue pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(pages).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/parts?sort=name&page=3',
    );
    expect(within(pages).queryByRole('link', { name: /Previous/ })).toBeNull();

    await user.click(within(pages).getByRole('link', { name: /Next/ }));
    expect(browser.search).toBe('?sort=name&page=2');
    await waitFor(() => expect(asked(sent).at(-1)).toEqual({ sort: 'name', page: '2' }));
    expect(cards()).toHaveLength(24);
    expect(screen.getByRole('list', { name: 'Tools' }).parentElement!.getAttribute('aria-busy')).toBe('true');
  });

  it('goes to the last page when the address names a page past the end', async () => {
    const { browser } = showParts('/parts?page=9', ({ url }) => ({
      body: pageOf('tools', url.searchParams.get('page') === '3' ? someTools(2) : [], {
        total: 50,
        page: Number(url.searchParams.get('page')),
      }),
    }));
    await waitFor(() => expect(browser.search).toBe('?page=3'));
    expect(browser.action).toBe('REPLACE');
    await waitFor(() => expect(cards()).toHaveLength(2));
  });
});
