/**
 * What a link to /p/{link} shows when pasted in WhatsApp, Instagram, Facebook or X: Open Graph and Twitter tags in
 * the page's first HTML (their crawlers run no JavaScript). Built from the public campaign reply.
 */
import { formatBRL } from '@rifaria/shared/format';
import { reaisToCents } from '@rifaria/shared/money';
import type { PublicCampaign } from '@rifaria/shared/types';
import { BANNER_PREVIEW } from './banner-images';

export interface LinkPreview {
  title: string;
  description: string;
  /** The canonical address of the page (og:url, <link rel="canonical">). */
  url: string;
  /** An absolute 1200×630 image, or null (no uploaded banner). */
  image: { url: string; width: number; height: number; alt: string } | null;
}

/** 'R$ 6,00 por número · Sorteio em 24/12/2026 às 20:00 · 3 prêmios' (pt-BR, São Paulo time). */
export function previewDescription(campaign: PublicCampaign): string {
  const price = `${formatBRL(reaisToCents(campaign.ticket_price))} por número`;
  const draw = campaign.draw_date_formatted
    ? `Sorteio em ${campaign.draw_date_formatted}`
    : 'Data do sorteio a definir';
  const prizes = campaign.awards.length;
  const awards =
    prizes === 1 ? `Prêmio: ${campaign.awards[0]?.description ?? ''}` : prizes > 1 ? `${prizes} prêmios` : null;
  return [price, draw, awards].filter(Boolean).join(' · ');
}

/** An absolute URL for `path` on `origin` (an https banner given by URL stays as it is). */
function absolute(path: string, origin: string): string {
  return /^https?:\/\//i.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

export function linkPreviewOf(campaign: PublicCampaign, origin: string): LinkPreview {
  const title = campaign.title || campaign.name;
  const preview = campaign.banner?.preview ?? null;
  return {
    title,
    description: previewDescription(campaign),
    url: campaign.full_url,
    image: preview ? { url: absolute(preview, origin), ...BANNER_PREVIEW, alt: `Banner da campanha ${title}` } : null,
  };
}
