import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from '../../../client/components/copy-button';
import { ShareLinks } from '../../../client/components/share-links';

const TITLE = 'Solar pumps for Dutse';
const URL = 'https://foundation.example/campaign/c1?lang=ha';

describe('the share links', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('link to WhatsApp with the title and address, and copy the address', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, share: undefined });
    render(<ShareLinks title={TITLE} url={URL} />);
    const whatsApp = screen.getByRole('link', { name: 'Share on WhatsApp' });
    expect(whatsApp.getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(`${TITLE} ${URL}`)}`);
    expect(whatsApp.getAttribute('rel')).toContain('noopener');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link' })));
    expect(writeText).toHaveBeenCalledWith(URL);
    // No share sheet where the browser has none.
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
  });

  it('offer the share sheet only after hydration, where the browser has one', async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    expect(renderToString(<ShareLinks title={TITLE} url={URL} />)).not.toContain('Share…');
    render(<ShareLinks title={TITLE} url={URL} />);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Share…' })));
    expect(share).toHaveBeenCalledWith({ title: TITLE, url: URL });
  });
});

describe('the copy button', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows "Copied" once, in the button, and keeps both words in it so its width stays', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => undefined) } });
    const { container } = render(<CopyButton value="0123456789" label="Copy account number" />);
    const words = container.querySelector('.copy-button__words')!;
    expect(words.children).toHaveLength(2);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy account number' })));
    const shown = [...words.children].filter((word) => word.getAttribute('data-shown') === 'true');
    expect(shown.map((word) => word.textContent)).toEqual(['Copied']);
    // The live region says it to screen readers only.
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Copied');
    expect(status.className).toBe('visually-hidden');
  });

  it('says visibly when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    render(<CopyButton value="0123456789" label="Copy account number" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy account number' })));
    expect(screen.getByRole('status').textContent).toBe('Could not copy. Please select the number and copy it.');
  });
});
