import { campaignLinkSlug, isSessionFreePath, paths, safeRedirectTarget } from '../paths';

describe('paths', () => {
  it('should build hrefs for parametrised routes', () => {
    expect(paths.campaignPanel.getHref(12)).toBe('/campanhas/12/painel');
    expect(paths.checkout.getHref('abc')).toBe('/p/checkout?compra=abc');
    expect(paths.publicCampaign.getHref('rifa da ana')).toBe('/p/rifa%20da%20ana');
    expect(paths.profile.getHref()).toBe('/perfil');
    expect(paths.profile.getHref({ verifyEmail: true })).toBe('/perfil?verificar-email=1');
    expect(paths.sandboxMailbox.getHref()).toBe('/sandbox/emails');
    expect(paths.sandboxMailbox.getHref('ana+teste@rifaria.com.br')).toBe(
      '/sandbox/emails?para=ana%2Bteste%40rifaria.com.br',
    );
  });

  it('should carry a safe return target to /login', () => {
    expect(paths.login.getHref('/campanhas/3/painel?x=1')).toBe('/login?redirect=%2Fcampanhas%2F3%2Fpainel%3Fx%3D1');
    expect(paths.login.getHref('//evil.example')).toBe('/login');
    expect(paths.login.getHref('https://evil.example')).toBe('/login');
    expect(safeRedirectTarget('/login?redirect=/x')).toBeNull();
  });

  it('should fall back to campanha-{id} without a link', () => {
    expect(campaignLinkSlug({ id: 9, link: null })).toBe('campanha-9');
    expect(campaignLinkSlug({ id: 9, link: 'minha-rifa' })).toBe('minha-rifa');
  });

  it('should know where a 401 must not redirect', () => {
    expect(isSessionFreePath('/login')).toBe(true);
    expect(isSessionFreePath('/cadastro')).toBe(true);
    expect(isSessionFreePath('/p/minha-rifa')).toBe(true);
    expect(isSessionFreePath('/perfil')).toBe(false);
  });
});
