/**
 * GET /public/campaigns/{link}/result/verification.json: the draw's verification file, served as an attachment
 * ('sorteio-{link}.json'). Not fetched here: the page links to it (`<a href download>`), so the browser downloads it;
 * the API is on the page's origin under /public (or the configured API origin: `apiUrl`).
 */
import { apiUrl } from '@rifaria/shared/api-client';

export function drawVerificationUrl(link: string): string {
  return apiUrl(`/public/campaigns/${encodeURIComponent(link)}/result/verification.json`);
}

/** The file's name, as the API's Content-Disposition gives it. */
export function drawVerificationFileName(link: string): string {
  return `sorteio-${link}.json`;
}
