import { describe, expect, it } from 'vitest';
import { imageAccept, imageFileProblem } from './image-file';

describe('the browser check of an image upload', () => {
  it('takes what the server takes: type and size', () => {
    expect(imageFileProblem({ name: 'a.png', type: 'image/png', size: 1000 }, 'nl-NL')).toBeNull();
    expect(imageFileProblem({ name: 'a.svg', type: 'image/svg+xml', size: 1000 }, 'nl-NL')?.key).toBe(
      'shared.afbeelding_type_fout',
    );
    expect(imageFileProblem({ name: 'a.pdf', type: 'application/pdf', size: 1000 }, 'nl-NL')?.key).toBe(
      'shared.afbeelding_type_fout',
    );
    const big = imageFileProblem({ name: 'b.jpg', type: 'image/jpeg', size: 12 * 1024 * 1024 }, 'nl-NL');
    expect(big).toEqual({
      key: 'shared.afbeelding_te_groot',
      params: { name: 'b.jpg', size: '12 MB', max: '10 MB' },
    });
  });

  it("says the size in the admin's language and offers the same types", () => {
    const big = imageFileProblem({ name: 'b.jpg', type: 'image/jpeg', size: 11.5 * 1024 * 1024 }, 'de-DE');
    expect(big?.params).toEqual({ name: 'b.jpg', size: '11,5 MB', max: '10 MB' });
    expect(imageAccept).toBe('image/png,image/jpeg,image/webp,image/gif');
  });
});
