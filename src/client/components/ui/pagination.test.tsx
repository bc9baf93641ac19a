import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '#client/testing/render-screen.tsx';
import { pageSlots, Pagination } from './pagination.tsx';

describe('the page numbers', () => {
  it('are all there up to seven pages', () => {
    expect(pageSlots(1, 1)).toEqual([1]);
    expect(pageSlots(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keep seven slots beyond: the ends, the current page with its neighbours, gaps between', () => {
    expect(pageSlots(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageSlots(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageSlots(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageSlots(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(pageSlots(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });
});

describe('the page links', () => {
  const show = (page: number, total: number) =>
    renderScreen(<Pagination page={page} pageSize={10} total={total} hrefFor={(n) => `/list?page=${n}`} />, {
      url: `/list?page=${page}`,
    });

  it('are left out when everything fits on one page', () => {
    show(1, 10);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('lead to the pages before and after, and say which page this is', () => {
    show(2, 25);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(nav)
        .getByRole('link', { name: /Previous/ })
        .getAttribute('href'),
    ).toBe('/list?page=1');
    expect(within(nav).getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/list?page=3');
    expect(within(nav).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByText('Page 2 of 3')).toBeTruthy();
  });

  it('offer no Next on the last page', () => {
    show(3, 25);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).queryByRole('link', { name: /Next/ })).toBeNull();
    expect(within(nav).getByText(/Next/).closest('[aria-disabled="true"]')).toBeTruthy();
  });

  it('send a page past the end to the last page', async () => {
    const { browser } = show(9, 25);
    await waitFor(() => expect(browser.search).toBe('?page=3'));
    expect(browser.action).toBe('REPLACE');
  });
});
