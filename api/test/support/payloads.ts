/** Request bodies and notices written the same way by several test files. */

/** Praça da Sé, São Paulo, as stored (CEP digits only), without the state: shared with the schema's tests. */
export { SE_ADDRESS } from '@rifaria/shared/testing/fixtures';

/** One payment of an API Pix webhook notice ({pix: [...]}), as in BACEN's manual. */
export const PIX_WEBHOOK_PAYMENT = {
  endToEndId: 'E12345678202009091221kkkkkkkkkkk',
  txid: 'c3e0e7a4e7f1469a9f782d3d4999343c',
  valor: '110.00',
  horario: '2020-09-09T20:15:00.358Z',
};
