import { mockFetchForFile } from '@rifaria/shared/testing';
import { expectLoadError } from '../testing/actions';

mockFetchForFile();

/** A line a screen: the API path it loads, the page, and what its error names. */
const SCREENS = `
/api/admin/campaign-reports /admin/denuncias as denúncias
/api/admin/campaigns /admin/campanhas as campanhas
/api/admin/refunds /admin/reembolsos os reembolsos
/api/admin/reconciliation /admin/conciliacao a conciliação
/api/admin/ledger/trial-balance /admin/balancete o balancete
/api/admin/audit-log /admin/auditoria o registro de auditoria
/api/admin/operators /admin/operadores os operadores
/api/admin/purchases/abc /admin/compras/abc a compra`
  .trim()
  .split('\n')
  .map((line) => line.split(' '));

describe('Every screen’s load error', () => {
  it.each(SCREENS)('should say when %s fails, with a retry (%s)', async (api, page, ...what) => {
    await expectLoadError(api!, page!, `Não foi possível carregar ${what.join(' ')}.`);
  });
});
