import { formatDateTime, saoPauloWallClock } from '@rifaria/shared/format';
import {
  CAMPAIGN_STATUS,
  type BannerImage,
  type Campaign,
  type CampaignStats,
  type CampaignStatusId,
  type SalesChartEntry,
} from '@rifaria/shared/types';
import { centsToReais } from '@rifaria/shared/money';
import { DRAW_TYPE_ID } from '@rifaria/shared/constants';
import { recordedVariantsOf, sourceTypeOfVariant, type BannerSourceType, type RecordedVariant } from './banner-images';

/**
 * What the organiser's pages and the public page both read of a campaign: `CAMPAIGN_COLUMNS` of `campaigns as c`
 * joined with `campaign_draw_types as dt`.
 */
export interface CampaignColumns {
  id: string;
  status_id: number;
  name: string;
  link: string;
  total_tickets: number;
  ticket_price_cents: string;
  rules: string;
  banner_storage_key: string | null;
  banner_url: string | null;
  /** jsonb (migration 019): the variants of the uploaded banner, null before they exist. */
  banner_variants: unknown;
  draw_at: Date | null;
  draw_type_id: number;
  draw_type_description: string;
  draw_commitment: string | null;
  drawn_at: Date | null;
}

export const CAMPAIGN_COLUMNS = [
  'c.id',
  'c.status_id',
  'c.name',
  'c.link',
  'c.total_tickets',
  'c.ticket_price_cents',
  'c.rules',
  'c.banner_storage_key',
  'c.banner_url',
  'c.banner_variants',
  'c.draw_at',
  'c.draw_type_id',
  'dt.description as draw_type_description',
  'c.draw_commitment',
  'c.drawn_at',
] as const;

/** A campaign row joined with its draw type and wallet, as the service reads it. */
export interface CampaignRecord extends CampaignColumns {
  user_id: string;
  user_wallet_id: string;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  wallet_account_number: string | null;
  wallet_type_name: string | null;
}

export interface AwardRecord {
  campaign_id: string;
  position: number;
  description: string;
  value_cents: string | null;
}

/** Banner storage keys live under this prefix; the public URL carries only the random part. */
export const BANNER_KEY_PREFIX = 'campaign-banners';
export const BANNER_ROUTE = '/media/banners';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:MM:SS' on the São Paulo wall clock (the API's draw_datetime). */
export function saoPauloDatetime(date: Date): string {
  const c = saoPauloWallClock(date);
  return `${c.year}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

/**
 * An uploaded banner is a relative URL (/media/banners/<key>): the pages that show it are served by this same
 * process, so it loads under the CSP's img-src 'self' whatever address the site was opened at. An external
 * banner is its https URL.
 */
export function bannerUrlOf(record: Pick<CampaignRecord, 'banner_storage_key' | 'banner_url'>): string | null {
  if (record.banner_storage_key) {
    return `${BANNER_ROUTE}/${record.banner_storage_key.slice(BANNER_KEY_PREFIX.length + 1)}`;
  }
  return record.banner_url;
}

const SOURCE_TYPES: readonly BannerSourceType[] = ['image/avif', 'image/webp'];

/**
 * The banner for `<picture>` (PublicCampaign.banner): an uploaded banner with its variants gives AVIF and WebP srcsets,
 * the JPEG fallback as `src` and the link preview; an external URL, or an upload whose variants do not exist (yet),
 * gives its one URL and no sizes.
 */
export function bannerImageOf(
  record: Pick<CampaignColumns, 'banner_storage_key' | 'banner_url' | 'banner_variants'>,
): BannerImage | null {
  const original = bannerUrlOf(record);
  if (!original) return null;
  const variants = record.banner_storage_key ? recordedVariantsOf(record.banner_variants) : [];
  const fallback = variants.find((variant) => variant.name === 'w1200.jpg');
  if (!fallback) return { src: original, width: null, height: null, sources: [], preview: null };
  const urlOf = (variant: RecordedVariant) => `${original}/${variant.name}`;
  const sources = SOURCE_TYPES.map((type) => ({
    type,
    srcset: variants
      .filter((variant) => sourceTypeOfVariant(variant.name) === type)
      .sort((a, b) => a.width - b.width)
      .map((variant) => `${urlOf(variant)} ${variant.width}w`)
      .join(', '),
  })).filter((source) => source.srcset !== '');
  const preview = variants.find((variant) => variant.name === 'preview.jpg');
  // The intrinsic size of the largest variant: the page reserves the box with its aspect ratio.
  const largest = variants
    .filter((variant) => variant !== preview)
    .reduce((widest, variant) => (variant.width > widest.width ? variant : widest), fallback);
  return {
    src: urlOf(fallback),
    width: largest.width,
    height: largest.height,
    sources,
    preview: preview ? urlOf(preview) : null,
  };
}

const reais = centsToReais;

export function presentCampaign(
  record: CampaignRecord,
  awards: AwardRecord[],
  stats: CampaignStats,
  /** Where the public page link points: lib/public-origin.ts linkOriginOf. */
  origin: string,
  salesChart?: SalesChartEntry[],
): Campaign {
  const statusId = record.status_id as CampaignStatusId;
  const banner = bannerUrlOf(record);
  return {
    id: Number(record.id),
    name: record.name,
    title: record.name,
    status: { id: statusId, description: CAMPAIGN_STATUS[statusId] },
    draw_type: { id: record.draw_type_id, description: record.draw_type_description },
    total_tickets: record.total_tickets,
    ticket_price: reais(record.ticket_price_cents),
    rules: record.rules,
    banner,
    banner_image: banner,
    link: record.link,
    full_url: `${origin}/p/${record.link}`,
    draw_datetime: record.draw_at ? saoPauloDatetime(record.draw_at) : null,
    draw_date: record.draw_at ? record.draw_at.toISOString() : null,
    draw_date_formatted: record.draw_at ? formatDateTime(record.draw_at) : null,
    user_wallet_id: Number(record.user_wallet_id),
    wallet:
      record.wallet_account_number === null
        ? null
        : {
            id: Number(record.user_wallet_id),
            account_number: record.wallet_account_number,
            wallet_type: { name: record.wallet_type_name ?? '' },
          },
    // Awards are keyed by (campaign, position): the position is their id within the campaign.
    awards: awards
      .filter((award) => award.campaign_id === record.id)
      .sort((a, b) => a.position - b.position)
      .map((award) => ({
        id: award.position,
        description: award.description,
        value: award.value_cents === null ? null : reais(award.value_cents),
        position: award.position,
      })),
    stats,
    ...(salesChart ? { sales_chart: salesChart } : {}),
    published_at: record.published_at ? record.published_at.toISOString() : null,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
    draw_commitment: record.draw_type_id === DRAW_TYPE_ID.rifaria ? record.draw_commitment : null,
    drawn_at: record.drawn_at ? record.drawn_at.toISOString() : null,
  };
}
