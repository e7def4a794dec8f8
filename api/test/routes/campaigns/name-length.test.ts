import { CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import { api, setupApp } from '../../helper';
import { createCampaign, postCampaign } from '../../support/campaigns';
import { setupOrganiser } from '../../support/organisers';

/**
 * Issue 11: the 120-character limit of a campaign name counts characters as a person does (graphemes), the same
 * count as the form's counter: an emoji is one, not two, and the column holds 120 of the longest ones.
 */
const t = setupApp();
const call = () => api(t.app);

const FAMILY = '👨‍👩‍👧‍👦'; // 11 UTF-16 units, 7 code points, 1 character
const PARTY = '🎉'; // 2 UTF-16 units

describe('campaign name length (graphemes)', () => {
  const user = setupOrganiser(t);

  it('should create a campaign whose name is 120 emoji and keep it as typed', async () => {
    const name = `Rifa ${PARTY}${FAMILY.repeat(114)}`;
    const response = await postCampaign(t.app, user, { name });
    expect(response.statusCode).toBe(201);
    const { id } = response.json().data;
    const read = await call().get(`/api/campaigns/${id}`, user);
    expect(read.json().data.name).toBe(name);
  });

  it('should refuse 121 characters with the form message, emoji or not', async () => {
    for (const name of [PARTY.repeat(121), FAMILY.repeat(121), 'x'.repeat(121)]) {
      const response = await postCampaign(t.app, user, { name });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.name).toEqual([CAMPAIGN_MESSAGES.nameTooLong]);
    }
  });

  it('should refuse a name far past any real one before counting it', async () => {
    const name = 'e' + '\u0301'.repeat(5_000); // one character under 5,000 accents
    const response = await postCampaign(t.app, user, { name });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.name).toEqual([CAMPAIGN_MESSAGES.nameTooLong]);
  });

  it('should rename with the same count (PUT)', async () => {
    const { id } = await createCampaign(t.app, user);
    const ok = await call().put(`/api/campaigns/${id}`, user, { name: FAMILY.repeat(120) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.name).toBe(FAMILY.repeat(120));
    const refused = await call().put(`/api/campaigns/${id}`, user, { name: PARTY.repeat(121) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.name).toEqual([CAMPAIGN_MESSAGES.nameTooLong]);
  });
});
