import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageCarousel } from './image-carousel';

const WIDTH = 300;

afterEach(() => vi.restoreAllMocks());

/** The carousel as a browser lays it out: each image one scroller's width (jsdom lays out nothing). */
function renderCarousel(images = ['/api/files/a.png', '/api/files/b.png']) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(WIDTH);
  render(<ImageCarousel images={images} title="Solar Kettle" />);
  const scroller = screen.getAllByRole('button', { name: /images full screen/, hidden: true })[0]!
    .parentElement!;
  /** The browser moved the scroller (a frame of a smooth scroll, or a swipe). */
  const scrollTo = (left: number) => {
    scroller.scrollLeft = left;
    fireEvent.scroll(scroller);
  };
  return { scroller, scrollTo };
}

const counter = () => screen.getByText(/^\d+ \/ \d+$/).textContent;

describe('the image carousel', () => {
  it('a second tap on next while the first still scrolls goes on from where the first went, wrapping round', async () => {
    const { scrollTo } = renderCarousel();
    expect(counter()).toBe('1 / 2');

    await userEvent.click(screen.getByRole('button', { name: 'Next image of Solar Kettle' }));
    expect(counter()).toBe('2 / 2');
    // The smooth scroll to the second image is a third of the way there.
    scrollTo(WIDTH / 3);
    expect(counter()).toBe('2 / 2');

    await userEvent.click(screen.getByRole('button', { name: 'Next image of Solar Kettle' }));
    expect(counter()).toBe('1 / 2');
    scrollTo(WIDTH / 6);
    scrollTo(0);
    expect(counter()).toBe('1 / 2');
  });

  it('a swipe that settles on an image counts it', () => {
    const { scrollTo } = renderCarousel(['/a.png', '/b.png', '/c.png']);
    scrollTo(WIDTH * 0.6);
    scrollTo(WIDTH * 1.4);
    scrollTo(WIDTH * 2);
    expect(counter()).toBe('3 / 3');
    expect(
      screen.getByRole('button', { name: 'View Solar Kettle images full screen (image 3 of 3)' }),
    ).toBeVisible();
  });
});
