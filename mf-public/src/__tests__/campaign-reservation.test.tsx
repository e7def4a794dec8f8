import { screen, waitFor, within } from '@testing-library/react';
import { reply } from '@rifaria/shared/testing';
import {
  KNOWN_BUYER,
  NEW_BUYER,
  PURCHASE_HASH,
  VALID_CPF,
  browser,
  knownBuyer,
  mockFetchForFile,
  renderAt,
  serveCampaign,
  servePurchaseCreated,
  server,
} from '../testing/fixtures';

mockFetchForFile();
// Typing into MUI fields is slow on a loaded CI machine; each test walks the whole modal.
jest.setTimeout(30_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Opens the campaign (with `before` in the history behind it), picks +10 and opens the modal at step 1. */
async function openModal(before: string[] = []) {
  serveCampaign();
  const rendered = renderAt('/p/rifa-do-carro', undefined, before);
  await rendered.user.click(await screen.findByRole('button', { name: '+10' }));
  await rendered.user.click(screen.getByRole('button', { name: 'Participar Agora' }));
  const dialog = await screen.findByRole('dialog', { name: 'Finalizar Reserva' });
  return { ...rendered, dialog };
}

async function enterPhone(
  user: Awaited<ReturnType<typeof openModal>>['user'],
  dialog: HTMLElement,
  phone = '11987654321',
) {
  await user.click(within(dialog).getByRole('textbox', { name: 'Telefone (WhatsApp)' }));
  await user.paste(phone);
  await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
}

const TERMS = 'Li e aceito o regulamento e declaro ter 18 anos ou mais';

/** Ticks 'Li e aceito o regulamento…' (required, issue 30) if it is not yet, then clicks 'Concluir Reserva'. */
/** A known buyer's phone entered: the modal at step 2, 'Dados do Comprador'. */
async function knownBuyerStep(before: string[] = []) {
  server.on('GET', '/public/buyers/check/:phone', () => KNOWN_BUYER);
  const rendered = await openModal(before);
  await enterPhone(rendered.user, rendered.dialog);
  return { ...rendered, step2: await screen.findByRole('dialog', { name: 'Dados do Comprador' }) };
}

async function conclude(user: Awaited<ReturnType<typeof openModal>>['user'], step: HTMLElement) {
  const terms = within(step).getByRole('checkbox', { name: TERMS });
  if (!(terms as HTMLInputElement).checked) await user.click(terms);
  await user.click(within(step).getByRole('button', { name: 'Concluir Reserva' }));
}

describe('reservation modal, step 1 "Finalizar Reserva"', () => {
  it('should summarise title, quantity and total, mask the phone, and show no ticket numbers', async () => {
    const { user, dialog } = await openModal();
    const summary = within(dialog).getByLabelText('Resumo da reserva');
    expect(within(summary).getByText('Rifa do Carro 0km')).toBeInTheDocument();
    expect(within(summary).getByText('10 números')).toBeInTheDocument();
    expect(within(summary).getByText('R$ 10,00')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/sorteados aleatoriamente pelo sistema no momento em que a reserva é criada/),
    ).toBeInTheDocument();
    // No placeholder numbers: the server draws them when the purchase is created.
    expect(within(dialog).queryByText(/^\d{4,5}$/)).not.toBeInTheDocument();

    const phone = within(dialog).getByRole('textbox', { name: 'Telefone (WhatsApp)' });
    await user.type(phone, '11987654321');
    expect(phone).toHaveValue('(11) 98765-4321');
    await user.clear(phone);
    await user.type(phone, '1134567890');
    expect(phone).toHaveValue('(11) 3456-7890');
  });

  it('should refuse a short phone with "Telefone deve ter pelo menos 10 dígitos" before calling the server', async () => {
    const { user, dialog } = await openModal();
    await enterPhone(user, dialog, '119876');
    expect(await within(dialog).findByText('Telefone deve ter pelo menos 10 dígitos')).toBeInTheDocument();
    expect(server.callsTo('GET', '/public/buyers/check/:phone')).toHaveLength(0);
  });

  it('should say "Erro ao verificar telefone. Tente novamente." under the phone when the check fails', async () => {
    server.on('GET', '/public/buyers/check/:phone', () => reply(500, { success: false, message: 'Erro interno' }));
    const { user, dialog } = await openModal();
    await enterPhone(user, dialog);
    expect(await within(dialog).findByText('Erro ao verificar telefone. Tente novamente.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Telefone (WhatsApp)' })).toHaveAccessibleDescription(
      'Erro ao verificar telefone. Tente novamente.',
    );
    expect(screen.getByRole('dialog', { name: 'Finalizar Reserva' })).toBeInTheDocument();
  });
});

/** Step 2 as a new buyer, refused with "Este CPF já está cadastrado com outro telefone.". */
async function reachCpfTaken() {
  server.on('GET', '/public/buyers/check/:phone', () => NEW_BUYER);
  server.on('POST', '/public/buyers', () =>
    reply(422, {
      success: false,
      message: 'Dados inválidos. Verifique os campos informados.',
      errors: { cpf: ['Este CPF já está cadastrado com outro telefone.'] },
    }),
  );
  const rendered = await openModal();
  await enterPhone(rendered.user, rendered.dialog);
  const step2 = await screen.findByRole('dialog', { name: 'Dados do Comprador' });
  await rendered.user.type(within(step2).getByRole('textbox', { name: 'Nome completo' }), 'Maria Oliveira');
  await rendered.user.type(within(step2).getByRole('textbox', { name: 'CPF' }), VALID_CPF);
  await conclude(rendered.user, step2);
  await within(step2).findByText('Este CPF já está cadastrado com outro telefone.');
  return { ...rendered, step2 };
}

describe('reservation modal, step 2 "Dados do Comprador"', () => {
  it('should register a new buyer, reserve with an Idempotency-Key and go to the checkout', async () => {
    server.on('GET', '/public/buyers/check/:phone', () => NEW_BUYER);
    server.on('POST', '/public/buyers', () =>
      reply(201, { success: true, data: { ...knownBuyer, name: 'João da Silva', email: null } }),
    );
    servePurchaseCreated();
    const { user, dialog } = await openModal();
    await enterPhone(user, dialog);

    const step2 = await screen.findByRole('dialog', { name: 'Dados do Comprador' });
    expect(server.callsTo('GET', '/public/buyers/check/:phone')[0]!.params.phone).toBe('11987654321');
    // A first-time buyer is welcomed, not told they were "not found" (issue 30).
    expect(within(step2).getByRole('status')).toHaveTextContent(
      'Boas-vindas! Informe seus dados para reservar seus números. Já comprou antes? Use o mesmo CPF.',
    );
    expect(within(step2).queryByText(/Comprador não encontrado/)).not.toBeInTheDocument();

    const name = within(step2).getByRole('textbox', { name: 'Nome completo' });
    const cpf = within(step2).getByRole('textbox', { name: 'CPF' });
    const email = within(step2).getByRole('textbox', { name: 'E-mail (opcional)' });
    await user.type(cpf, '12345678900');
    expect(cpf).toHaveValue('123.456.789-00');
    await user.type(email, 'joao@');
    await user.type(name, 'a');
    await user.clear(name);
    expect(await within(step2).findByText('CPF inválido')).toBeInTheDocument();
    expect(within(step2).getByText('E-mail inválido')).toBeInTheDocument();
    expect(within(step2).getByText('Nome é obrigatório')).toBeInTheDocument();
    expect(within(step2).getByRole('button', { name: 'Concluir Reserva' })).toBeDisabled();

    await user.type(name, 'João da Silva');
    await user.clear(cpf);
    await user.type(cpf, VALID_CPF);
    await user.clear(email);
    await waitFor(() => expect(within(step2).getByRole('button', { name: 'Concluir Reserva' })).toBeEnabled());
    await conclude(user, step2);

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/p/checkout?compra=${PURCHASE_HASH}`));
    expect(server.callsTo('POST', '/public/buyers')[0]!.body).toEqual({
      name: 'João da Silva',
      phone: '11987654321',
      cpf: VALID_CPF,
      email: null,
    });
    const [purchaseCall] = server.callsTo('POST', '/public/purchases');
    expect(purchaseCall!.body).toEqual({
      buyer_phone: '11987654321',
      campaign_link: 'rifa-do-carro',
      total_tickets: 10,
      payment_method_id: 1,
      terms_accepted: true,
    });
    expect(purchaseCall!.headers.get('idempotency-key')).toMatch(UUID);
    expect(purchaseCall!.headers.get('authorization')).toBeNull();
  });

  it('should show an existing buyer read-only and masked, and reserve without registering again', async () => {
    servePurchaseCreated();
    const { user, step2 } = await knownBuyerStep();
    for (const [label, value] of [
      ['Nome completo', 'Maria Oliveira'],
      ['CPF', '***.***.***-25'],
      ['E-mail (opcional)', 'm***@gmail.com'],
      ['Telefone (WhatsApp)', '(11) *****-4321'],
    ]) {
      const field = within(step2).getByRole('textbox', { name: label });
      expect(field).toHaveValue(value);
      expect(field).toHaveAttribute('readonly');
    }
    await conclude(user, step2);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`compra=${PURCHASE_HASH}`));
    expect(server.callsTo('POST', '/public/buyers')).toHaveLength(0);
  });

  it('should require "Li e aceito o regulamento e declaro ter 18 anos ou mais" and send it with the reservation', async () => {
    servePurchaseCreated();
    const { user, step2 } = await knownBuyerStep();
    const terms = within(step2).getByRole('checkbox', { name: TERMS });
    expect(terms).not.toBeChecked();

    // Not ticked: the reason under the box, nothing sent.
    await user.click(within(step2).getByRole('button', { name: 'Concluir Reserva' }));
    const reason = 'Para reservar, confirme que leu e aceita o regulamento e que tem 18 anos ou mais.';
    expect(await within(step2).findByText(reason)).toBeInTheDocument();
    expect(terms).toHaveAccessibleDescription(reason);
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST', '/public/purchases')).toHaveLength(0);

    await user.click(terms);
    await waitFor(() => expect(within(step2).queryByText(reason)).not.toBeInTheDocument());
    await user.click(within(step2).getByRole('button', { name: 'Concluir Reserva' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`compra=${PURCHASE_HASH}`));
    expect(server.callsTo('POST', '/public/purchases')[0]!.body).toMatchObject({ terms_accepted: true });
  });

  it("should open the campaign's rules from the word 'regulamento' without ticking the box", async () => {
    server.on('GET', '/public/buyers/check/:phone', () => NEW_BUYER);
    const { user, dialog } = await openModal();
    await enterPhone(user, dialog);
    const step2 = await screen.findByRole('dialog', { name: 'Dados do Comprador' });
    const open = within(step2).getByRole('button', { name: 'regulamento' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const rules = within(step2).getByRole('region', { name: 'Regulamento' });
    expect(rules).toHaveTextContent('Sorteio pela extração da Loteria.');
    expect(within(step2).getByRole('checkbox', { name: TERMS })).not.toBeChecked();
  });

  it('should go back to step 1 with the arrow, and start over when opened again', async () => {
    const { user, step2 } = await knownBuyerStep();
    await user.click(within(step2).getByRole('button', { name: 'Voltar' }));
    const step1 = await screen.findByRole('dialog', { name: 'Finalizar Reserva' });
    expect(within(step1).getByRole('textbox', { name: 'Telefone (WhatsApp)' })).toHaveValue('(11) 98765-4321');

    await user.click(within(step1).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Participar Agora' }));
    const again = await screen.findByRole('dialog', { name: 'Finalizar Reserva' });
    expect(within(again).getByRole('textbox', { name: 'Telefone (WhatsApp)' })).toHaveValue('');
  });

  it('should reserve under a phone this device never proved (buying for a friend), asking nothing more', async () => {
    // The server answers a registered phone like a new one, to any device that has not proved being its buyer.
    server.on('GET', '/public/buyers/check/:phone', () => NEW_BUYER);
    server.on('POST', '/public/buyers', () =>
      reply(201, {
        success: true,
        data: { name: 'Maria Oliveira', cpf: '***.***.***-25', email: null, phone: '(11) *****-4321' },
      }),
    );
    servePurchaseCreated();
    const { user, dialog } = await openModal();
    await enterPhone(user, dialog);
    const step2 = await screen.findByRole('dialog', { name: 'Dados do Comprador' });
    await user.type(within(step2).getByRole('textbox', { name: 'Nome completo' }), 'Maria Oliveira');
    await user.type(within(step2).getByRole('textbox', { name: 'CPF' }), VALID_CPF);
    await conclude(user, step2);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`compra=${PURCHASE_HASH}`));
    expect(server.callsTo('GET', '/public/buyers/check/:phone')).toHaveLength(1);
    expect(server.callsTo('POST', '/public/purchases')).toHaveLength(1);
  });

  it('should put 422 field errors from POST /public/buyers under their fields', async () => {
    const { step2 } = await reachCpfTaken();
    expect(within(step2).getByRole('textbox', { name: 'CPF' })).toHaveAccessibleDescription(
      'Este CPF já está cadastrado com outro telefone.',
    );
    expect(server.callsTo('POST', '/public/purchases')).toHaveLength(0);
  });
});

describe('the Back button and the reservation modal', () => {
  it('should close the modal on Back keeping the page as it was', async () => {
    const { user, dialog } = await openModal(['/']);
    await user.type(within(dialog).getByRole('textbox', { name: 'Telefone (WhatsApp)' }), '11987');

    await browser.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Still the campaign page, with the 10 numbers chosen.
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/p\/rifa-do-carro$/);
    expect(screen.getByRole('textbox', { name: /Quantidade/ })).toHaveValue('10');

    // A second Back leaves the page (the modal's entry is gone, nothing stray is left).
    await browser.back();
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeInTheDocument();
  });

  it('should leave no history entry behind when closed by its own button', async () => {
    const { user, dialog } = await openModal(['/']);
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // One Back leaves the campaign page for the page before it (no stray entry of the closed modal).
    await browser.back();
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeInTheDocument();
  });

  it('should replace its history entry with the checkout: Back from the checkout is the campaign page', async () => {
    servePurchaseCreated();
    server.on('GET', '/public/purchases/:hash', () => reply(500, { success: false }));
    const { user, step2 } = await knownBuyerStep(['/']);
    await conclude(user, step2);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`compra=${PURCHASE_HASH}`));
    await browser.back();
    expect(await screen.findByRole('heading', { name: 'Rifa do Carro 0km', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await browser.back();
    expect(await screen.findByRole('heading', { name: 'Início' })).toBeInTheDocument();
  });
});

describe("a CPF registered with another phone: 'Trocar de telefone'", () => {
  const MOVED = { ...knownBuyer, phone: '(11) *****-4321' };

  it('should tell to use the registered phone and offer "Trocar de telefone"', async () => {
    const { user, step2 } = await reachCpfTaken();
    const guidance = within(step2).getByRole('status', { name: 'Use o telefone com que você se cadastrou.' });
    expect(guidance).toHaveTextContent('Trocou de número? Passe seu cadastro para o telefone (11) 98765-4321.');
    expect(within(guidance).getByRole('button', { name: 'Trocar de telefone' })).toBeEnabled();
    // 'Usar o telefone cadastrado' goes back to the phone step.
    await user.click(within(guidance).getByRole('button', { name: 'Usar o telefone cadastrado' }));
    const step1 = await screen.findByRole('dialog', { name: 'Finalizar Reserva' });
    expect(within(step1).getByRole('textbox', { name: 'Telefone (WhatsApp)' })).toHaveValue('(11) 98765-4321');
  });

  it('should send a WhatsApp code for the CPF, move the registration with it, then reserve with the new phone', async () => {
    const sent =
      'Se o CPF estiver cadastrado, enviamos um código de 6 dígitos por WhatsApp para o novo telefone (e um aviso para o telefone antigo).';
    server.on('POST', '/public/buyers/change-phone/code', () => ({ success: true, message: sent }));
    server.on('POST', '/public/buyers/change-phone', () => ({
      success: true,
      message: 'Telefone atualizado. Seu cadastro e suas compras agora estão neste número.',
      data: MOVED,
    }));
    servePurchaseCreated();
    const { user, step2 } = await reachCpfTaken();
    await user.click(within(step2).getByRole('button', { name: 'Trocar de telefone' }));

    const change = await screen.findByRole('dialog', { name: 'Trocar de telefone' });
    expect(within(change).getByRole('textbox', { name: 'CPF' })).toHaveValue('529.982.247-25');
    const newPhone = within(change).getByRole('textbox', { name: 'Novo telefone' });
    expect(newPhone).toHaveValue('(11) 98765-4321');
    expect(newPhone).toHaveAttribute('readonly');
    expect(within(change).queryByRole('textbox', { name: 'Código recebido no WhatsApp' })).not.toBeInTheDocument();
    await user.click(within(change).getByRole('button', { name: 'Enviar código' }));

    expect(await within(change).findByRole('status')).toHaveTextContent(sent);
    expect(server.callsTo('POST', '/public/buyers/change-phone/code')[0]!.body).toEqual({
      cpf: VALID_CPF,
      phone: '11987654321',
    });
    const code = within(change).getByRole('textbox', { name: 'Código recebido no WhatsApp' });
    await user.type(code, '12');
    expect(await within(change).findByText('Código deve ter 6 dígitos')).toBeInTheDocument();
    expect(within(change).getByRole('button', { name: 'Confirmar troca' })).toBeDisabled();
    expect(server.callsTo('POST', '/public/buyers/change-phone')).toHaveLength(0);
    await user.type(code, '3a4-567');
    expect(code).toHaveValue('123456');
    await waitFor(() => expect(within(change).getByRole('button', { name: 'Confirmar troca' })).toBeEnabled());
    await user.click(within(change).getByRole('button', { name: 'Confirmar troca' }));

    const back = await screen.findByRole('dialog', { name: 'Dados do Comprador' });
    expect(server.callsTo('POST', '/public/buyers/change-phone')[0]!.body).toEqual({
      cpf: VALID_CPF,
      phone: '11987654321',
      code: '123456',
    });
    expect(server.callsTo('POST', '/public/buyers/change-phone')[0]!.headers.get('authorization')).toBeNull();
    expect(within(back).getByRole('status')).toHaveTextContent(
      'Telefone atualizado. Seu cadastro e suas compras agora estão neste número.',
    );
    expect(within(back).getByRole('textbox', { name: 'CPF' })).toHaveValue('***.***.***-25');
    expect(within(back).getByRole('textbox', { name: 'CPF' })).toHaveAttribute('readonly');

    await conclude(user, back);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`compra=${PURCHASE_HASH}`));
    expect(server.callsTo('POST', '/public/purchases')[0]!.body).toMatchObject({ buyer_phone: '11987654321' });
    expect(server.callsTo('POST', '/public/buyers')).toHaveLength(1);
  });

  it('should show the refusal and keep what was typed; the arrow returns to the buyer data', async () => {
    const refusal = 'Código inválido ou expirado. Confira o CPF e o código, ou peça um novo código.';
    server.on('POST', '/public/buyers/change-phone/code', () => ({ success: true, message: 'Código enviado.' }));
    server.on('POST', '/public/buyers/change-phone', () =>
      reply(422, { success: false, message: refusal, errors: { code: [refusal] } }),
    );
    const { user, step2 } = await reachCpfTaken();
    await user.click(within(step2).getByRole('button', { name: 'Trocar de telefone' }));
    const change = await screen.findByRole('dialog', { name: 'Trocar de telefone' });
    await user.click(within(change).getByRole('button', { name: 'Enviar código' }));
    const code = await within(change).findByRole('textbox', { name: 'Código recebido no WhatsApp' });
    await user.type(code, '999999');
    await waitFor(() => expect(within(change).getByRole('button', { name: 'Confirmar troca' })).toBeEnabled());
    await user.click(within(change).getByRole('button', { name: 'Confirmar troca' }));
    expect(await within(change).findByText(refusal)).toBeInTheDocument();
    expect(code).toHaveValue('999999');

    server.on('POST', '/public/buyers/change-phone/code', () =>
      reply(429, {
        success: false,
        message: 'Muitas tentativas com este telefone. Aguarde uma hora e tente novamente.',
      }),
    );
    await user.click(within(change).getByRole('button', { name: 'Enviar outro código' }));
    await waitFor(() =>
      expect(within(change).getByRole('alert')).toHaveTextContent(
        'Muitas tentativas com este telefone. Aguarde uma hora e tente novamente.',
      ),
    );

    await user.click(within(change).getByRole('button', { name: 'Voltar' }));
    const back = await screen.findByRole('dialog', { name: 'Dados do Comprador' });
    expect(within(back).getByRole('textbox', { name: 'Nome completo' })).toHaveValue('Maria Oliveira');
    expect(within(back).getByRole('button', { name: 'Trocar de telefone' })).toBeInTheDocument();
  });
});

describe('POST /public/purchases from the modal', () => {
  async function reachBuyerStep() {
    const reached = await knownBuyerStep();
    await reached.user.click(within(reached.step2).getByRole('checkbox', { name: TERMS }));
    return reached;
  }

  it('should show the server 422 message saying how many numbers remain', async () => {
    server.on('POST', '/public/purchases', () =>
      reply(422, {
        success: false,
        message: 'Restam apenas 3 números disponíveis. Escolha uma quantidade menor.',
        errors: { total_tickets: ['Restam apenas 3 números disponíveis. Escolha uma quantidade menor.'] },
      }),
    );
    const { user, step2 } = await reachBuyerStep();
    await user.click(within(step2).getByRole('button', { name: 'Concluir Reserva' }));
    expect(await within(step2).findByRole('alert')).toHaveTextContent(
      'Restam apenas 3 números disponíveis. Escolha uma quantidade menor.',
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/p/rifa-do-carro');
  });

  it('should show the 422 refusal of a buyer holding too many unpaid numbers, telling to pay or wait', async () => {
    const message =
      'Você já tem 1.000 números reservados aguardando pagamento nesta campanha. Pague a reserva ou aguarde ela ' +
      'expirar para reservar mais (limite de 1.000 por comprador).';
    server.on('POST', '/public/purchases', () =>
      reply(422, {
        success: false,
        message,
        errors: { total_tickets: [message] },
        details: { limit: 1000, pending: 1000 },
      }),
    );
    const { user, step2 } = await reachBuyerStep();
    await user.click(within(step2).getByRole('button', { name: 'Concluir Reserva' }));
    expect(await within(step2).findByRole('alert')).toHaveTextContent(message);
    // No green "all set" note beside the refusal.
    expect(within(step2).queryByText('Encontramos seu cadastro. Confira seus dados e conclua a reserva.')).toBeNull();
    // The buyer stays on the campaign page, with the modal open to try again later.
    expect(screen.getByTestId('where')).toHaveTextContent('/p/rifa-do-carro');
    expect(within(step2).getByRole('button', { name: 'Concluir Reserva' })).toBeEnabled();
  });

  it('should show the per-phone 429 message when one phone sends too many purchases', async () => {
    const message = 'Muitas tentativas com este telefone. Aguarde um minuto e tente novamente.';
    server.on('POST', '/public/purchases', () => reply(429, { success: false, message }));
    const { user, step2 } = await reachBuyerStep();
    await user.click(within(step2).getByRole('button', { name: 'Concluir Reserva' }));
    expect(await within(step2).findByRole('alert')).toHaveTextContent(message);
  });

  it('should say "Erro ao criar compra" for a refusal without a message', async () => {
    server.on('POST', '/public/purchases', () => reply(422, { success: false }));
    const { user, step2 } = await reachBuyerStep();
    await user.click(within(step2).getByRole('button', { name: 'Concluir Reserva' }));
    expect(await within(step2).findByRole('alert')).toHaveTextContent('Erro ao criar compra');
  });

  it('should reuse the Idempotency-Key when retrying after a failure that may have created the purchase', async () => {
    let attempt = 0;
    server.on('POST', '/public/purchases', () => {
      attempt += 1;
      if (attempt === 1) return reply(500, { success: false, message: 'Erro interno do servidor' });
      if (attempt === 2) throw new TypeError('Failed to fetch');
      return reply(201, { success: true, data: { purchase_hash: PURCHASE_HASH, expires_at: '2026-11-21T12:10:00Z' } });
    });
    const { user, step2 } = await reachBuyerStep();
    const submit = () => user.click(within(step2).getByRole('button', { name: 'Concluir Reserva' }));

    await submit();
    expect(await within(step2).findByRole('alert')).toHaveTextContent('Erro ao processar checkout. Tente novamente.');
    await submit();
    await waitFor(() => expect(server.callsTo('POST', '/public/purchases')).toHaveLength(2));
    expect(await within(step2).findByRole('alert')).toHaveTextContent('Erro ao processar checkout. Tente novamente.');
    await submit();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`compra=${PURCHASE_HASH}`));

    const keys = server.callsTo('POST', '/public/purchases').map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(UUID);
    expect(new Set(keys).size).toBe(1);
  });

  it('should send one request for a double click, and a new key after the server refused', async () => {
    let release: () => void = () => undefined;
    let attempt = 0;
    server.on('POST', '/public/purchases', async () => {
      attempt += 1;
      if (attempt === 1) return reply(422, { success: false, message: 'Escolha pelo menos 1 número.' });
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return reply(201, { success: true, data: { purchase_hash: PURCHASE_HASH, expires_at: '2026-11-21T12:10:00Z' } });
    });
    const { user, step2 } = await reachBuyerStep();
    await user.click(within(step2).getByRole('button', { name: 'Concluir Reserva' }));
    expect(await within(step2).findByRole('alert')).toHaveTextContent('Escolha pelo menos 1 número.');

    const button = within(step2).getByRole('button', { name: 'Concluir Reserva' });
    await user.dblClick(button);
    await waitFor(() => expect(server.callsTo('POST', '/public/purchases')).toHaveLength(2));
    release();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`compra=${PURCHASE_HASH}`));
    const keys = server.callsTo('POST', '/public/purchases').map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });
});
