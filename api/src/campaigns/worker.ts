import type { WorkerStep } from '../lib/worker';
import type { CampaignsService } from './service';

/**
 * The campaigns' share of each worker tick: make the AVIF/WebP/JPEG variants of banners uploaded before they existed
 * (migration 019), a few per tick; until then their page shows the original.
 */
export function campaignsWorkerSteps(campaigns: CampaignsService): WorkerStep[] {
  return [{ name: 'campaign-banner-variants', run: () => campaigns.backfillBannerVariants() }];
}
