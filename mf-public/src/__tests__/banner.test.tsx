/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import type { BannerImage } from '@rifaria/shared/types';
import { Banner } from '../features/campaign/components/banner';

/**
 * The banner is server-rendered (react-dom/server) with the page: in Node, with no window nor document, it must render
 * the same `<picture>` the browser hydrates.
 */

const KEY = '/media/banners/3f2b8c1e-9a4d-4e2f-8b1a-0c5d6e7f8a9b';
const banner: BannerImage = {
  src: `${KEY}/w1200.jpg`,
  width: 1600,
  height: 900,
  sources: [
    { type: 'image/avif', srcset: `${KEY}/w480.avif 480w, ${KEY}/w1600.avif 1600w` },
    { type: 'image/webp', srcset: `${KEY}/w480.webp 480w, ${KEY}/w1600.webp 1600w` },
  ],
  preview: `${KEY}/preview.jpg`,
};

describe('Banner on the server', () => {
  it('should render without a DOM', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('should render the picture, its sources and a high-priority, non-lazy img', () => {
    const html = renderToString(<Banner banner={banner} title="Rifa do iPhone" />);
    const picture = /<picture[^>]*>(.*)<\/picture>/s.exec(html)?.[1] ?? '';
    expect(picture).toContain(
      `<source type="image/avif" srcSet="${KEY}/w480.avif 480w, ${KEY}/w1600.avif 1600w" sizes="(min-width: 900px) 720px, 100vw"/>`,
    );
    expect(picture).toContain(`<source type="image/webp" srcSet="${KEY}/w480.webp 480w, ${KEY}/w1600.webp 1600w"`);
    expect(picture.indexOf('image/avif')).toBeLessThan(picture.indexOf('image/webp'));
    const img = /<img [^>]*>/.exec(picture)?.[0] ?? '';
    expect(img).toContain(`src="${KEY}/w1200.jpg"`);
    expect(img).toContain('width="1600"');
    expect(img).toContain('height="900"');
    expect(img).toContain('alt="Banner da campanha Rifa do iPhone"');
    expect(img).toContain('fetchPriority="high"');
    expect(img).toContain('decoding="async"');
    expect(img).not.toMatch(/loading=/i);
  });

  it('should render the placeholder without a banner', () => {
    const html = renderToString(<Banner banner={null} title="Rifa do iPhone" />);
    expect(html).toContain('aria-label="Campanha sem imagem"');
    expect(html).not.toContain('<picture');
  });
});
