/**
 * @jest-environment node
 *
 * The buyer page's server renderer as the API runs it (Node, no DOM): MUI's styles come back once, as <style> tags
 * for the head that emotion's browser cache adopts (same key, every rule's id listed), never as tags inside #root.
 */
import { ready, render } from '../page/server';
import type { PublicCampaign } from '@rifaria/shared/types';
import { campaignPageData } from '../testing/fixtures';

const data = campaignPageData();
const campaign = data.campaign!;

// The renderer loads the on-demand pages first, as it does when the API requires it.
beforeAll(() => ready);

describe('the buyer page renderer on the server', () => {
  it('should return the critical styles for the head and keep the markup free of style tags', () => {
    const { html, head } = render(data);
    expect(html).toContain('Participar Agora');
    expect(html).not.toContain('<style');

    const tags = [...head.matchAll(/<style data-emotion="([^"]*)"[^>]*>/g)].map((match) => match[1]!);
    // CssBaseline's global rules, then one tag with every class the markup uses.
    expect(tags.some((key) => key.startsWith('css-global '))).toBe(true);
    const regular = tags.filter((key) => key.startsWith('css '));
    expect(regular).toHaveLength(1);
    const ids = regular[0]!.split(' ').slice(1);
    const used = [...html.matchAll(/class="([^"]*)"/g)]
      .flatMap((match) => match[1]!.split(' '))
      // css-0: an element whose styles are empty (emotion inserts nothing for it).
      .filter((name) => name.startsWith('css-') && name !== 'css-0');
    expect(used.length).toBeGreaterThan(10);
    for (const name of used) expect(ids).toContain(name.slice('css-'.length));
    expect(head).toContain('.css-');
  });

  it('should start each page with a fresh cache: a second render returns the same styles', () => {
    expect(render(data).head).toBe(render(data).head);
  });
});

describe('every buyer page drawn on the server', () => {
  it.each([
    ['/p', 'Rifaria'],
    [`/p/${campaign.link}/meus-numeros`, 'Meus números'],
    [`/p/${campaign.link}/resultado`, 'Carregando resultado'],
  ])('should draw %s itself, never the loading spinner of a page still loading', (url, text) => {
    const { html } = render({ url, mobile: true, config: { apiBaseUrl: '', sandbox: true } });
    expect(html).toContain(text);
    expect(html).not.toContain('aria-label="Carregando..."');
  });
});

describe('a suspended campaign drawn on the server (issue 32)', () => {
  it("should say 'Campanha suspensa' in the first HTML, with nothing to buy", () => {
    const reply = campaign.reply as { success: true; data: PublicCampaign };
    const suspended = {
      ...reply.data,
      status: { id: 5 as const, description: 'Suspensa' },
      accepting_purchases: false,
    };
    const { html } = render({ ...data, campaign: { ...campaign, reply: { success: true, data: suspended } } });
    expect(html).toContain('Campanha suspensa pela equipe da Rifaria');
    expect(html).not.toContain('Participar Agora');
    expect(html).toContain('Denunciar campanha');
  });
});
