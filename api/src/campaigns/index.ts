export { CAMPAIGN_API_MESSAGES } from './messages';
export { BANNER_KEY_PREFIX, BANNER_ROUTE, presentCampaign, saoPauloDatetime } from './presenter';
export { CampaignsService, SALES_CHART_DAYS, type CampaignUpdate } from './service';
export { firstFreeLink, isCampaignLink, RESERVED_LINKS, slugify } from './slug';
