import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../client/lib/auth';
import { ToastProvider } from '../../../client/lib/toasts';
import { GalleryUpload } from '../../../client/pages/admin/campaigns/gallery-upload';
import { GALLERY_LIMIT } from '../../../shared/constants';

const paths = (n: number) => Array.from({ length: n }, (_, i) => `/api/uploads/${i}.webp`);

/** The network boundary: an XMLHttpRequest that answers like POST /upload/multiple. */
class FakeXhr {
  static sent: { url: string; body: FormData }[] = [];
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    FakeXhr.sent.push({ url: this.url, body });
    const count = body.getAll('images').length;
    setTimeout(() => {
      this.status = 200;
      this.responseText = JSON.stringify({
        files: paths(count).map((p, i) => ({ path: p.replace('.webp', `-new${i}.webp`) })),
      });
      this.onload?.();
    }, 0);
  }
}

function Harness({ initial }: { initial: number }) {
  const [images, setImages] = useState(paths(initial));
  return (
    <AuthProvider>
      <ToastProvider>
        <GalleryUpload images={images} onChange={(update) => setImages(update)} onBusyChange={() => {}} />
      </ToastProvider>
    </AuthProvider>
  );
}

const picker = () => screen.getByLabelText('Add gallery images') as HTMLInputElement;
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('GalleryUpload', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    // jsdom has no object URLs; the previews only need a string.
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => {};
  });
  afterEach(() => vi.unstubAllGlobals());

  it(`disables the upload once ${GALLERY_LIMIT} images exist`, () => {
    render(<Harness initial={GALLERY_LIMIT} />);
    expect(picker().disabled).toBe(true);
    expect(screen.getByText(`The gallery is full (${GALLERY_LIMIT} images). Remove one to add another.`)).toBeTruthy();
  });

  it('allows uploads below the limit and re-enables after a removal', async () => {
    render(<Harness initial={GALLERY_LIMIT} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove gallery image 3' }));
    expect(picker().disabled).toBe(false);
    expect(screen.getAllByRole('img')).toHaveLength(GALLERY_LIMIT - 1);
  });

  it('sends no more files than the slots left, then disables at the limit', async () => {
    render(<Harness initial={GALLERY_LIMIT - 2} />);
    await userEvent.upload(picker(), [png('a.png'), png('b.png'), png('c.png')]);
    expect(FakeXhr.sent).toHaveLength(1);
    expect(FakeXhr.sent[0]?.url).toBe('/upload/multiple');
    expect(FakeXhr.sent[0]?.body.getAll('images').map((f) => (f as File).name)).toEqual(['a.png', 'b.png']);
    await waitFor(() => expect(picker().disabled).toBe(true));
    expect(screen.getAllByRole('img', { name: /^Gallery image/ })).toHaveLength(GALLERY_LIMIT);
  });
});
