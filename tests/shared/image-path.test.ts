/** Image paths as the spec describes them: properties of resolveImagePath and friends. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, PLACEHOLDER_IMAGE } from '../../shared/constants';
import { imageSrcSet, isUploadedImage, resolveImagePath, resolveImagePaths } from '../../shared/image-path';

/** Path segments of the kind uploads produce, with the prefixes clients have been seen to add. */
const segment = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,20}$/);
const prefix = fc.constantFrom(
  '',
  '/',
  'uploads/',
  '/uploads/',
  'api/uploads/',
  '/api/uploads/',
  '/api/uploads/uploads/',
  'uploads/uploads/',
  '//uploads/',
);
const relativePath = fc
  .tuple(prefix, fc.array(segment, { minLength: 1, maxLength: 3 }))
  .map(([p, parts]) => p + parts.join('/'));
const absoluteUrl = fc
  .tuple(fc.constantFrom('http', 'https', 'HTTPS'), fc.webUrl())
  .map(([scheme, url]) => url.replace(/^https?/, scheme));
/** Relative paths that name /api/uploads/ somewhere inside, not only as a prefix. */
const embeddedPath = fc
  .tuple(fc.array(segment, { maxLength: 2 }), prefix, relativePath)
  .map(([head, p, rest]) => [...head, p + rest].join('/'));
const anyPath = fc.oneof(
  relativePath,
  embeddedPath,
  absoluteUrl,
  fc.string(),
  fc.constant(null),
  fc.constant(undefined),
);

describe('resolveImagePath', () => {
  it.each([
    ['uploads/x.webp', '/api/uploads/x.webp'],
    ['/uploads/x.webp', '/api/uploads/x.webp'],
    ['x.webp', '/api/uploads/x.webp'],
    ['/api/uploads/x.webp', '/api/uploads/x.webp'],
    ['/api/uploads/uploads/x.webp', '/api/uploads/x.webp'],
    ['uploads/uploads/uploads/x.webp', '/api/uploads/x.webp'],
    ['  uploads/x.webp  ', '/api/uploads/x.webp'],
    ['uploads/2026/03/x.webp', '/api/uploads/2026/03/x.webp'],
    ['example.org/api/uploads/x.webp', '/api/uploads/x.webp'],
    ['photos/api/uploads/uploads/x.webp', '/api/uploads/x.webp'],
    ['/API/UPLOADS/x.webp', '/api/uploads/x.webp'],
    ['https://cdn.example.org/x.jpg', 'https://cdn.example.org/x.jpg'],
    ['http://cdn.example.org/uploads/x.jpg', 'http://cdn.example.org/uploads/x.jpg'],
    [PLACEHOLDER_IMAGE, PLACEHOLDER_IMAGE],
    ['', PLACEHOLDER_IMAGE],
    ['   ', PLACEHOLDER_IMAGE],
    ['uploads/', PLACEHOLDER_IMAGE],
    ['/api/uploads/', PLACEHOLDER_IMAGE],
    [null, PLACEHOLDER_IMAGE],
    [undefined, PLACEHOLDER_IMAGE],
  ])('%j → %s', (input, expected) => {
    expect(resolveImagePath(input)).toBe(expected);
  });

  it('is idempotent', () => {
    fc.assert(fc.property(anyPath, (p) => resolveImagePath(resolveImagePath(p)) === resolveImagePath(p)));
  });

  it('passes absolute http(s) addresses through unchanged', () => {
    fc.assert(fc.property(absoluteUrl, (url) => resolveImagePath(url) === url));
  });

  it('never names /api/uploads/ twice', () => {
    const relative = fc.oneof(
      relativePath,
      embeddedPath,
      fc.string().filter((p) => !/^https?:\/\//i.test(p.trim())),
    );
    fc.assert(fc.property(relative, (p) => resolveImagePath(p).split('/api/uploads/').length <= 2));
    fc.assert(fc.property(relativePath, (p) => !resolveImagePath(p).includes('/api/uploads/uploads/')));
  });

  it('shows a relative path under /api/uploads/ with its file name kept', () => {
    fc.assert(
      fc.property(relativePath, (p) => {
        const shown = resolveImagePath(p);
        return shown.startsWith('/api/uploads/') && shown.endsWith(p.split('/').at(-1)!);
      }),
    );
  });

  it('turns blank values into the placeholder', () => {
    const blank = fc.oneof(fc.stringMatching(/^[ \t\n\r]*$/), fc.constant(null), fc.constant(undefined));
    fc.assert(fc.property(blank, (p) => resolveImagePath(p) === PLACEHOLDER_IMAGE));
  });

  it('answers an absolute URL, an /api/uploads/ path or the placeholder for any text', () => {
    fc.assert(
      fc.property(fc.string(), (p) => {
        const shown = resolveImagePath(p);
        return /^https?:\/\//i.test(shown) || shown.startsWith('/api/uploads/') || shown === PLACEHOLDER_IMAGE;
      }),
    );
  });
});

describe('resolveImagePaths', () => {
  it('drops blanks and resolves the rest in order', () => {
    expect(
      resolveImagePaths([
        'uploads/a.webp',
        '',
        '  ',
        null,
        undefined,
        'https://x.example/b.png',
        '/api/uploads/uploads/c.webp',
      ]),
    ).toEqual(['/api/uploads/a.webp', 'https://x.example/b.png', '/api/uploads/c.webp']);
  });

  it('answers [] for null, undefined and an empty list', () => {
    expect(resolveImagePaths(null)).toEqual([]);
    expect(resolveImagePaths(undefined)).toEqual([]);
    expect(resolveImagePaths([])).toEqual([]);
  });

  it('never answers the placeholder for a list entry', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(relativePath, fc.constantFrom('', ' ', null))),
        (list) => !resolveImagePaths(list).includes(PLACEHOLDER_IMAGE),
      ),
    );
  });
});

describe('imageSrcSet', () => {
  it('lists the stored widths for uploaded images', () => {
    expect(imageSrcSet('/api/uploads/a.webp')).toBe(
      IMAGE_WIDTHS.map((w) => `/api/uploads/a.webp?w=${w} ${w}w`).join(', '),
    );
    expect(imageSrcSet('/api/uploads/a.webp')).toBe(
      '/api/uploads/a.webp?w=320 320w, /api/uploads/a.webp?w=640 640w, /api/uploads/a.webp?w=1024 1024w',
    );
  });

  it.each(['https://cdn.example.org/a.jpg', PLACEHOLDER_IMAGE, 'uploads/a.webp', ''])(
    'answers undefined for %j',
    (src) => {
      expect(imageSrcSet(src)).toBeUndefined();
      expect(isUploadedImage(src)).toBe(false);
    },
  );

  it('is defined exactly for resolved relative paths', () => {
    fc.assert(fc.property(relativePath, (p) => imageSrcSet(resolveImagePath(p)) !== undefined));
    fc.assert(fc.property(absoluteUrl, (u) => imageSrcSet(resolveImagePath(u)) === undefined));
  });
});
